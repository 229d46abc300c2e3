// Board of the dominoes family (Dominoes, Fives, Threes, Block Dominoes).
// Rebuilt from each state message. The line runs left to right; once the first double is
// played it stands across the line as the cross, with its top and bottom arms above and
// below it. The seat's own bones are at the bottom: tap one, then tap a highlighted end
// (a bone that fits only one end is played at once). Every move sent is one of msg.legal;
// the board never decides what is legal. Spectators and the replay get it without controls.
(function () {
  "use strict";
  const { el } = window.Kit;

  const SIDE_WORDS = { left: "left end", right: "right end", north: "top of the cross", south: "bottom of the cross", center: "start" };
  const RESEND_AFTER_MS = 4000; // a refused move brings no new state: offer the moves again

  // What lives between two state messages: the bone the player picked.
  let ui = { seq: null, picked: null };

  // ---- words -------------------------------------------------------------------------

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return player ? player.name : `Player ${seat + 1}`;
  }

  function boneText(bone) {
    return `${bone[0]}:${bone[1]}`;
  }

  function points(n) {
    return n === 1 ? "1 point" : `${n} points`;
  }

  function eventText(msg, event) {
    const who = nameOf(msg, event.seat);
    if (event.kind === "deal") return `Deal ${event.deal}: ${who} ${event.seat === msg.seat ? "open" : "opens"}`;
    if (event.kind === "draw") return `${who} drew ${event.count} from the reserve`;
    if (event.kind === "pass") return `${who} ${event.seat === msg.seat ? "pass" : "passes"}: nothing fits`;
    const scored = event.points ? ` and ${event.seat === msg.seat ? "score" : "scores"} ${points(event.points)}` : "";
    if (event.kind === "pairs") {
      const doubles = event.doubles.map((d) => boneText([d.double, d.double])).join(", ");
      return `${who} played the doubles ${doubles} at once${scored}`;
    }
    return `${who} played ${boneText(event.bone)} on the ${SIDE_WORDS[event.end]}${scored}`;
  }

  function resultText(msg, result) {
    const who = nameOf(msg, result.winner);
    const how = result.how === "out" ? "went out" : "won the block";
    const extra = result.reserve ? ` (${result.reserve} of them from the reserve)` : "";
    const text = `Deal ${result.deal}: ${who} ${how}, ${points(result.points)}${extra}`;
    if (msg.view.counts !== "deals" || result.deal_winner === result.winner) return text;
    // Fives and Threes count a deal for whoever scored more in it.
    return `${text}; the deal goes to ${nameOf(msg, result.deal_winner)}, who scored more in it`;
  }

  function targetText(view) {
    if (view.counts === "deals") return view.target === 1 ? "One deal decides" : `First to win ${view.target} deals`;
    return `First to ${view.target} points`;
  }

  function status(msg) {
    const view = msg.view;
    if (view.winner !== null) {
      const who = view.winner === msg.seat ? "You win" : `${nameOf(msg, view.winner)} wins`;
      return view.reason === "forfeit" ? `${who}: the other player forfeited` : `${who} the match`;
    }
    if (view.turn === null) return "";
    if (msg.seat !== null && msg.seat !== undefined && view.turn === msg.seat) {
      if (!view.layout.line.length) return "Your turn: open with a double, or your lowest bone";
      return ui.picked ? `Your turn: tap a highlighted end for ${boneText(ui.picked)}` : "Your turn: tap a bone to play";
    }
    return `Waiting for ${nameOf(msg, view.turn)}`;
  }

  // ---- bones -------------------------------------------------------------------------

  // One half of a bone: nine places, the CSS shows the pips of its number.
  function half(number) {
    const node = el("span", `dm-half dm-p${number}`);
    for (let i = 0; i < 9; i++) node.appendChild(el("i"));
    return node;
  }

  // A bone drawn with `first` half left (or on top) and `second` right (or below).
  function bone(first, second, upright, className, tag) {
    const node = el(tag || "span", `dm-bone ${upright ? "dm-v" : "dm-h"} ${className || ""}`.trim());
    node.append(half(first), half(second));
    node.dataset.bone = `${Math.min(first, second)}-${Math.max(first, second)}`;
    node.title = `${first}:${second}`;
    return node;
  }

  function faceDown(upright) {
    return el("span", `dm-bone dm-back ${upright ? "dm-v" : "dm-h"}`);
  }

  // ---- moves -------------------------------------------------------------------------

  function myTurn(msg) {
    return msg.seat !== null && msg.seat !== undefined && msg.view.winner === null && msg.view.turn === msg.seat;
  }

  function plays(msg) {
    return (msg.legal || []).filter((action) => action.type === "play");
  }

  function samebone(a, b) {
    return a[0] === b[0] && a[1] === b[1];
  }

  function endsFor(msg, picked) {
    if (!picked) return [];
    return plays(msg).filter((action) => samebone(action.bone, picked));
  }

  function sender(msg, act) {
    return (action) => {
      ui.picked = null;
      ui.sent = Date.now();
      act(action);
      setTimeout(() => {
        // No state came back (the move was refused): offer the moves again.
        if (ui.seq === msg.seq && Date.now() - ui.sent >= RESEND_AFTER_MS) redraw();
      }, RESEND_AFTER_MS);
    };
  }

  // ---- the table ---------------------------------------------------------------------

  function endButton(msg, end, send) {
    const action = endsFor(msg, ui.picked).find((a) => a.end === end);
    if (!action) return null;
    const button = el("button", `dm-target dm-target-${end}`, "Here");
    button.type = "button";
    button.setAttribute("aria-label", `Play ${boneText(ui.picked)} on the ${SIDE_WORDS[end]}`);
    button.addEventListener("click", () => send(action));
    return button;
  }

  function liveEnds(msg) {
    return new Set(plays(msg).map((action) => action.end));
  }

  function lineBone(pair, isCross, className) {
    // Doubles stand across the line; the cross is the first of them.
    const upright = pair[0] === pair[1];
    return bone(pair[0], pair[1], upright, `${className} ${isCross ? "dm-cross" : ""}`.trim());
  }

  function table(msg, send) {
    const view = msg.view;
    const layout = view.layout;
    const box = el("div", "dm-table");
    const grid = el("div", "dm-layout");
    box.appendChild(grid);
    const live = myTurn(msg) ? liveEnds(msg) : new Set();
    const line = layout.line;
    if (!line.length) {
      const hint = el("p", "dm-empty", view.winner === null ? "The line starts here." : "");
      if (myTurn(msg) && ui.picked) {
        const here = endButton(msg, "center", send);
        if (here) hint.replaceChildren(here);
      }
      grid.appendChild(hint);
      return box;
    }
    const cross = layout.cross === null ? line.length : layout.cross;
    const west = el("div", "dm-west");
    const middle = el("div", "dm-middle");
    const east = el("div", "dm-east");
    const north = el("div", "dm-north");
    const south = el("div", "dm-south");
    line.forEach((pair, index) => {
      const edge = index === 0 ? (live.has("left") ? "dm-open" : "") : "";
      const last = index === line.length - 1 && live.has("right") ? "dm-open" : "";
      const node = lineBone(pair, index === layout.cross, `${edge} ${last}`.trim());
      if (index < cross) west.appendChild(node);
      else if (index === cross) middle.appendChild(node);
      else east.appendChild(node);
    });
    // Arms of the cross: the north arm grows upward, the south arm downward.
    layout.north.forEach((pair, index) => {
      const open = index === layout.north.length - 1 && live.has("north") ? "dm-open" : "";
      north.prepend(bone(pair[1], pair[0], pair[0] !== pair[1], open));
    });
    layout.south.forEach((pair, index) => {
      const open = index === layout.south.length - 1 && live.has("south") ? "dm-open" : "";
      south.appendChild(bone(pair[0], pair[1], pair[0] !== pair[1], open));
    });
    if (myTurn(msg)) {
      const targets = {
        left: endButton(msg, "left", send),
        right: endButton(msg, "right", send),
        north: endButton(msg, "north", send),
        south: endButton(msg, "south", send),
      };
      if (targets.left) west.prepend(targets.left);
      if (targets.right) (layout.cross === null ? west : east).appendChild(targets.right);
      if (targets.north) north.prepend(targets.north);
      if (targets.south) south.appendChild(targets.south);
    }
    grid.append(north, west, middle, east, south);
    return box;
  }

  function hand(msg, send) {
    const view = msg.view;
    const box = el("div", "dm-hand");
    if (view.hand === null) return box;
    const playable = myTurn(msg) ? plays(msg) : [];
    view.hand.forEach((pair) => {
      const options = playable.filter((action) => samebone(action.bone, pair));
      const picked = ui.picked && samebone(ui.picked, pair);
      const node = bone(pair[0], pair[1], true, picked ? "dm-picked" : "", "button");
      node.type = "button";
      node.disabled = !options.length;
      node.setAttribute("aria-label", `Bone ${boneText(pair)}`);
      node.addEventListener("click", () => {
        if (options.length === 1) return send(options[0]);
        ui.picked = picked ? null : pair;
        redraw();
      });
      box.appendChild(node);
    });
    return box;
  }

  // Multi Pair: each set of doubles that scores together, one tap to play it.
  function pairs(msg, send) {
    const options = myTurn(msg) ? (msg.legal || []).filter((action) => action.type === "pairs") : [];
    if (!options.length) return null;
    const box = el("div", "dm-pairs");
    box.appendChild(el("p", "dm-note", "Multi Pair: play these doubles together"));
    options.forEach((action) => {
      const words = action.doubles.map((d) => `${boneText([d.double, d.double])} ${SIDE_WORDS[d.end]}`);
      const button = el("button", "dm-pair", words.join(" + "));
      button.type = "button";
      button.addEventListener("click", () => send(action));
      box.appendChild(button);
    });
    return box;
  }

  function scores(msg) {
    const view = msg.view;
    const box = el("div", "dm-score");
    const counted = view.counts === "deals" ? view.deals_won : view.score;
    [0, 1].forEach((seat) => {
      const side = el("div", `dm-side ${seat === msg.seat ? "dm-me" : ""} ${view.turn === seat ? "dm-turn" : ""}`.trim());
      side.append(el("span", "", nameOf(msg, seat)), el("b", "", String(counted[seat])));
      const bones = el("span", "dm-small", `${view.hand_sizes[seat]} in hand`);
      side.appendChild(bones);
      box.appendChild(side);
    });
    return box;
  }

  function facts(msg) {
    const view = msg.view;
    const parts = [targetText(view), `Deal ${view.deal}`];
    if (view.reserve !== null) parts.push(`Reserve: ${view.reserve}`);
    if (view.variant === "fives" || view.variant === "threes") parts.push(`Open ends: ${view.open_count}`);
    if (view.counts === "deals" && view.variant !== "classic" && view.variant !== "block") {
      parts.push(`This deal: ${view.deal_points[0]} – ${view.deal_points[1]}`);
    }
    return el("p", "dm-facts", parts.join(" · "));
  }

  function opponent(msg) {
    const view = msg.view;
    const seat = msg.seat === null || msg.seat === undefined ? null : 1 - msg.seat;
    const box = el("div", "dm-opponent");
    if (seat === null) return box;
    for (let i = 0; i < view.hand_sizes[seat]; i++) box.appendChild(faceDown(true));
    return box;
  }

  function recent(msg) {
    const list = el("ul", "dm-recent");
    msg.view.recent.slice(-4).forEach((event) => list.appendChild(el("li", "", eventText(msg, event))));
    return list;
  }

  function results(msg) {
    const view = msg.view;
    const box = el("div", "dm-results");
    if (!view.results.length) return box;
    const last = view.results[view.results.length - 1];
    box.appendChild(el("p", "dm-last", resultText(msg, last)));
    const shown = el("div", "dm-shown");
    [0, 1].forEach((seat) => {
      const row = el("div", "dm-shown-row");
      row.appendChild(el("span", "dm-small", `${nameOf(msg, seat)}: ${last.counted[seat]}`));
      last.hands[seat].forEach((pair) => row.appendChild(bone(pair[0], pair[1], false, "dm-mini")));
      shown.appendChild(row);
    });
    box.appendChild(shown);
    if (view.results.length > 1) {
      const list = el("ol", "dm-history");
      view.results.slice(0, -1).reverse().forEach((result) => list.appendChild(el("li", "", resultText(msg, result))));
      box.appendChild(list);
    }
    return box;
  }

  // ---- drawing -----------------------------------------------------------------------

  let current = null;

  function redraw() {
    if (current) draw(current.root, current.msg, current.act, current.say);
  }

  function draw(root, msg, act, say) {
    const send = sender(msg, act);
    const board = el("div", "dm-board");
    board.dataset.seq = String(msg.seq);
    const rows = [scores(msg), facts(msg), opponent(msg), table(msg, send), pairs(msg, send), hand(msg, send), recent(msg), results(msg)];
    rows.forEach((row) => row && board.appendChild(row));
    say(status(msg));
    // Where the player scrolled the line stays put within a deal; a new deal starts at
    // its middle.
    const scroller = root.querySelector(".dm-table");
    const sameDeal = scroller && scroller.dataset.deal === String(msg.view.deal);
    const scrolled = scroller ? scroller.scrollLeft : 0;
    root.replaceChildren(board);
    const box = board.querySelector(".dm-table");
    box.dataset.deal = String(msg.view.deal);
    if (sameDeal) box.scrollLeft = scrolled;
    else box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }

  function render(root, msg, act, say) {
    // The picked bone lasts only while the move it was picked for is the current one.
    if (ui.seq !== msg.seq) ui = { seq: msg.seq, picked: null };
    current = { root, msg, act, say };
    draw(root, msg, act, say);
  }

  window.GameBoards = window.GameBoards || {};
  ["dominoes", "fives", "threes", "block-dominoes"].forEach((slug) => {
    window.GameBoards[slug] = { render: render };
  });
})();
