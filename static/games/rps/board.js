// Rock Paper Scissors board: score, round history and one big button per sign.
// Rebuilt from each message; the server's view never holds the other seat's pending sign.
(function () {
  "use strict";
  const { el } = window.Kit;

  const ICONS = { rock: "\u270A", paper: "\u270B", scissors: "\u270C\uFE0F" };
  const LABELS = { rock: "Rock", paper: "Paper", scissors: "Scissors" };

  function playerName(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = msg.players && msg.players[seat];
    if (typeof player === "string") return player;
    return (player && (player.name || player.username)) || "Player " + (seat + 1);
  }

  function scoreBoard(msg) {
    const box = el("div", "rps-score");
    [0, 1].forEach((seat) => {
      const side = el("div", seat === msg.seat ? "rps-me" : "", playerName(msg, seat));
      side.appendChild(el("b", "", String(msg.view.scores[seat])));
      box.appendChild(side);
      if (seat === 0) box.appendChild(el("span", "", ":"));
    });
    return box;
  }

  function status(msg) {
    const view = msg.view;
    if (view.winner !== null) {
      const how = view.forfeited !== null ? " (" + playerName(msg, view.forfeited) + " forfeited)" : "";
      return (view.winner === msg.seat ? "You win" : playerName(msg, view.winner) + " wins") + how;
    }
    if (view.to_act === msg.seat) return "Your turn: choose a sign";
    if (view.my_sign) return "You chose " + LABELS[view.my_sign] + ". Waiting for " + playerName(msg, view.to_act);
    return playerName(msg, view.to_act) + (view.to_act === view.first ? " chooses first" : " is choosing");
  }

  function signButtons(msg, act) {
    const legal = new Set((msg.legal || []).map((action) => action.sign));
    const row = el("div", "rps-signs");
    const buttons = Object.keys(ICONS).map((sign) => {
      const button = el("button", "rps-sign", LABELS[sign]);
      button.type = "button";
      button.prepend(el("span", "", ICONS[sign]));
      button.disabled = !legal.has(sign);
      if (msg.view.my_sign === sign) button.classList.add("rps-picked");
      button.addEventListener("click", () => {
        // One tap, one move: a second tap before the server answers would be out of turn.
        buttons.forEach((b) => (b.disabled = true));
        button.classList.add("rps-picked");
        act({ sign: sign });
      });
      row.appendChild(button);
      return button;
    });
    return row;
  }

  function history(msg) {
    const list = el("ol", "rps-history");
    msg.view.rounds.forEach((round, index) => {
      const item = el("li", round.winner === null ? "" : "rps-won");
      const signs = round.signs.map((sign) => ICONS[sign]).join("  vs  ");
      const result = round.winner === null ? "draw" : playerName(msg, round.winner);
      item.append(el("span", "", "Round " + (index + 1)), el("span", "", signs), el("span", "", result));
      list.prepend(item);
    });
    return list;
  }

  function render(root, msg, act, say) {
    const board = el("div", "rps-board");
    board.append(
      scoreBoard(msg),
      el("div", "rps-target", "First to " + msg.view.target + (msg.view.target === 1 ? " point" : " points"))
    );
    say(status(msg));
    if (msg.seat !== null && msg.seat !== undefined && msg.view.winner === null) {
      board.appendChild(signButtons(msg, act));
    }
    board.appendChild(history(msg));
    root.replaceChildren(board);
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards["rps"] = { render: render };
})();
