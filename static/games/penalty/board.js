// Penalty Shootout board: score, shot-by-shot rows and an SVG goal of 6 tappable sectors.
// Sectors are numbered as the forward sees the goal (1 2 3 top, 4 5 6 bottom); the
// goalkeeper faces the other way, so the keeper's goal is drawn mirrored.
(function () {
  "use strict";
  const { el } = window.Kit;

  const SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    Object.entries(attrs).forEach(([key, value]) => node.setAttribute(key, value));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The goalkeeper faces the forward, so the keeper's left is the forward's right.
  function mirrored(msg) {
    return msg.seat === msg.view.goalkeeper && msg.view.winner === null;
  }

  function playerName(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = msg.players && msg.players[seat];
    if (typeof player === "string") return player;
    return (player && (player.name || player.username)) || "Player " + (seat + 1);
  }

  // One mark per shot due: goal, saved, or still to take.
  function marks(view, seat) {
    const shots = view.history.filter((shot) => shot.forward === seat);
    const due = Array.from({ length: view.quota }, (_, i) =>
      i < shots.length ? (shots[i].goal ? "\u25CF" : "\u2715") : "\u25CB"
    );
    return due.join("");
  }

  function scoreBoard(msg) {
    const view = msg.view;
    const box = el("div", "penalty-score");
    [0, 1].forEach((seat) => {
      const side = el("div", seat === msg.seat ? "penalty-me" : "", playerName(msg, seat));
      if (view.winner === null) side.appendChild(el("div", "penalty-role", seat === view.forward ? "forward" : "goalkeeper"));
      side.append(el("b", "", String(view.goals[seat])), el("div", "penalty-marks", marks(view, seat)));
      box.appendChild(side);
    });
    return box;
  }

  function status(msg) {
    const view = msg.view;
    if (view.winner !== null) {
      const how = view.forfeited !== null ? " (" + playerName(msg, view.forfeited) + " forfeited)" : "";
      return (view.winner === msg.seat ? "You win" : playerName(msg, view.winner) + " wins") + how;
    }
    if (view.to_act === msg.seat) {
      return msg.seat === view.forward ? "You shoot: tap a sector" : "You keep goal: tap the sector to guard";
    }
    if (view.my_shot) return "You aim at sector " + view.my_shot + ". The goalkeeper is choosing";
    return playerName(msg, view.to_act) + (view.to_act === view.forward ? " is aiming" : " is choosing where to dive");
  }

  function lastShotText(msg) {
    const shot = msg.view.history[msg.view.history.length - 1];
    if (!shot) return "";
    return playerName(msg, shot.forward) + " shot at " + shot.shot + ", " +
      playerName(msg, 1 - shot.forward).replace(/^You$/, "you") + " guarded " + shot.save + ": " + (shot.goal ? "GOAL!" : "saved");
  }

  function goal(msg, act) {
    const view = msg.view;
    const flip = mirrored(msg);
    const legal = new Set((msg.legal || []).map((action) => action.sector));
    const last = view.history[view.history.length - 1];
    const box = svg("svg", { viewBox: "0 0 340 180", class: "penalty-goal", role: "group" });
    const cells = [];
    for (let sector = 1; sector <= 6; sector++) {
      const column = (sector - 1) % 3;
      const x = 20 + 100 * (flip ? 2 - column : column);
      const y = 20 + 75 * Math.floor((sector - 1) / 3);
      let cls = "penalty-sector";
      if (legal.has(sector)) cls += " penalty-open";
      if (view.my_shot === sector) cls += " penalty-mine";
      const cell = svg("rect", { x: x, y: y, width: 100, height: 75, class: cls });
      cell.appendChild(svg("title", {}, "Sector " + sector));
      if (legal.has(sector)) {
        cell.addEventListener("click", () => {
          // One tap, one move: further taps before the server answers would be out of turn.
          cells.forEach((c) => c.classList.remove("penalty-open"));
          cell.classList.add("penalty-mine");
          legal.clear();
          act({ sector: sector });
        });
      }
      cells.push(cell);
      box.append(cell, svg("text", { x: x + 8, y: y + 20, class: "penalty-number" }, String(sector)));
      if (last && last.save === sector) {
        box.appendChild(svg("rect", { x: x + 32, y: y + 20, width: 36, height: 36, rx: 10, class: "penalty-glove" }));
      }
      if (last && last.shot === sector) {
        box.appendChild(svg("circle", { cx: x + (last.goal ? 50 : 78), cy: y + 52, r: 13, class: "penalty-ball" }));
      }
    }
    box.appendChild(svg("path", { d: "M20 172 V20 H320 V172", class: "penalty-frame" }));
    return box;
  }

  function render(root, msg, act, say) {
    const view = msg.view;
    const info = (view.sudden_death ? "Sudden death" : view.shots + " shots each") +
      " \u00B7 goal seen from " + (mirrored(msg) ? "the goal line" : "the penalty spot");
    const board = el("div", "penalty-board");
    board.append(
      scoreBoard(msg),
      el("div", "penalty-info", info),
      goal(msg, act),
      el("div", "penalty-info", lastShotText(msg))
    );
    root.replaceChildren(board);
    say(status(msg));
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards["penalty"] = { render: render };
})();
