// Tavli and backgammon board: an SVG board redrawn from each state message.
//
// The server lists one complete play per resulting position (msg.legal) and sends, in the
// seat's view, the tree of next steps (games/backgammon/steps.py): the player builds a play
// one step at a time along it, in any order of the same moves, and Confirm sends the listed
// play the tree names at the end. The board decides no rule itself.
// Points are numbered from the player at the bottom (the seat itself, or seat 0 for
// spectators and replays): home board 1..6 bottom right, 25 the bar (Blitz: the hand),
// 0 borne off.
(function () {
  "use strict";
  const { el, svg } = window.Kit;

  const OFF = 0;
  const BAR = 25;

  // Geometry, in SVG units: the viewBox scales it to the screen.
  const PW = 40; // point width
  const R = 18; // checker radius
  const STACK = 5; // checkers drawn on a point before the count is written on the top one
  const BAR_STACK = 4;
  const PH = STACK * 2 * R; // point height
  const LEFT = 12;
  const BAR_X = LEFT + 6 * PW;
  const BAR_W = 44;
  const RIGHT = BAR_X + BAR_W;
  const TRAY_X = RIGHT + 6 * PW + 12;
  const TRAY_W = 44;
  const WIDTH = TRAY_X + TRAY_W + 8;
  const TOP = 20; // room above for the point numbers
  const MID = 60; // the band between the rows, where the dice lie
  const BOTTOM = TOP + 2 * PH + MID; // the bottom row's base line
  const HEIGHT = BOTTOM + 20;
  const CENTER_Y = TOP + PH + MID / 2;
  const SLAB = 10; // a borne-off checker, seen edge on

  const OUTCOMES = {
    single: "a single game",
    gammon: "a double game",
    backgammon: "a triple game",
    pips: "the pips left",
    drop: "a refused double",
    mother: "the pinned mother checker",
    forfeit: "concession",
  };

  // ---- the position seen from one seat ----------------------------------------------------

  function perspective(view, seat) {
    const other = 1 - seat;
    const theirs = new Array(26).fill(0);
    const myPins = new Set();
    const theirPins = new Set();
    for (let p = 1; p <= 24; p++) {
      const point = view.points[view.numbering[seat][p] - 1];
      theirs[p] = point.checkers[other];
      if (point.pinned === seat) myPins.add(p);
      else if (point.pinned === other) theirPins.add(p);
    }
    theirs[BAR] = view.bar[other];
    theirs[OFF] = view.off[other];
    return { mine: view.boards[seat].slice(), theirs, myPins, theirPins };
  }

  // The seat's point p is the other seat's point `pointFor(view, seat, other, p)`.
  function pointFor(view, from, to, p) {
    if (p === OFF || p === BAR) return p;
    return view.numbering[to].indexOf(view.numbering[from][p]);
  }

  // ---- local state of the turn being built ----------------------------------------------

  const turn = { key: null, partial: [], selected: null, sent: false };
  let current = null; // {root, msg, act, say}: redrawn on each tap

  function startTurnIfNew(msg) {
    const key = `${msg.game}:${msg.seq}:${msg.seat}`;
    if (turn.key !== key) {
      turn.key = key;
      turn.partial = [];
      turn.selected = null;
    }
    // Every message re-enables the controls: a new state, or the last one again when
    // table.js reports a refused move.
    turn.sent = false;
  }

  // ---- SVG helpers ------------------------------------------------------------------------

  function text(parent, x, y, content, className) {
    const node = svg("text", { x, y, class: className }, parent);
    node.textContent = content;
    return node;
  }

  // ---- drawing the board ------------------------------------------------------------------

  // Left edge of point p as seen by the bottom player: 1..6 bottom right, 24 top right.
  function pointX(p) {
    if (p <= 6) return RIGHT + (6 - p) * PW;
    if (p <= 12) return LEFT + (12 - p) * PW;
    if (p <= 18) return LEFT + (p - 13) * PW;
    return RIGHT + (p - 19) * PW;
  }

  function isTop(p) {
    return p >= 13;
  }

  function checker(parent, cx, cy, seat, extra) {
    return svg("circle", { cx, cy, r: R - 1, class: `bg-checker bg-seat${seat} ${extra || ""}` }, parent);
  }

  // A column of checkers from a base line; `seats` lists each checker's owner, base first.
  function stack(parent, cx, seats, slotY, pinnedFirst) {
    const shown = seats.slice(0, STACK);
    shown.forEach((seat, i) => {
      const classes = [i === shown.length - 1 ? "bg-top" : "", i === 0 && pinnedFirst ? "bg-pinned" : ""];
      const c = checker(parent, cx, slotY(i), seat, classes.join(" "));
      if (i === 0 && pinnedFirst) {
        svg("title", {}, c).textContent = "Pinned";
        svg("circle", { cx, cy: slotY(i), r: 5, class: "bg-pin" }, parent);
      }
    });
    if (seats.length > STACK) {
      const topSeat = seats[seats.length - 1];
      const count = seats.filter((s) => s === topSeat).length;
      text(parent, cx, slotY(STACK - 1) + 6, String(count), `bg-count bg-on${topSeat}`);
    }
  }

  function drawPoint(layer, p, board, ui) {
    const x = pointX(p);
    const top = isTop(p);
    const cx = x + PW / 2;
    const g = svg("g", { class: "bg-point", "data-point": p }, layer);
    if (ui.sources.has(p)) g.classList.add("bg-source");
    if (ui.selected === p) g.classList.add("bg-selected");
    if (ui.targets.has(p)) g.classList.add("bg-target");
    if (ui.moved.has(p)) g.classList.add("bg-moved");
    const base = top ? TOP : BOTTOM;
    const tip = top ? TOP + PH - 8 : BOTTOM - PH + 8;
    svg("polygon", {
      points: `${x + 1},${base} ${x + PW - 1},${base} ${cx},${tip}`,
      class: `bg-triangle bg-tri${p % 2}`,
    }, g);
    const { bottomSeat, topSeat } = board;
    const mine = board.mine[p];
    const theirs = board.theirs[p];
    const pinnedMine = board.myPins.has(p);
    const pinnedTheirs = board.theirPins.has(p);
    let seats;
    if (pinnedTheirs) seats = [topSeat, ...Array(mine).fill(bottomSeat)];
    else if (pinnedMine) seats = [bottomSeat, ...Array(theirs).fill(topSeat)];
    else seats = [...Array(mine).fill(bottomSeat), ...Array(theirs).fill(topSeat)];
    const slotY = (i) => (top ? TOP + R + i * 2 * R : BOTTOM - R - i * 2 * R);
    stack(g, cx, seats, slotY, pinnedMine || pinnedTheirs);
    if (ui.targets.has(p)) {
      checker(g, cx, slotY(Math.min(seats.length, STACK - 1)), bottomSeat, "bg-ghost");
    }
    svg("rect", {
      x, y: top ? 0 : CENTER_Y, width: PW, height: top ? CENTER_Y : HEIGHT - CENTER_Y,
      class: "bg-hit",
    }, g);
    text(layer, cx, top ? TOP - 6 : BOTTOM + 15, String(p), "bg-number");
  }

  function drawBar(layer, board, ui) {
    const cx = BAR_X + BAR_W / 2;
    svg("rect", { x: BAR_X, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: "bg-bar" }, layer);
    for (const [seat, count, down] of [
      [board.bottomSeat, board.mine[BAR], true],
      [board.topSeat, board.theirs[BAR], false],
    ]) {
      if (!count) continue;
      const g = svg("g", { class: "bg-point bg-on-bar" }, layer);
      const slotY = (i) => CENTER_Y + (down ? 1 : -1) * (2 * R + 4 + i * 2 * R);
      if (down) {
        g.setAttribute("data-point", BAR);
        if (ui.sources.has(BAR)) g.classList.add("bg-source");
        if (ui.selected === BAR) g.classList.add("bg-selected");
      }
      const shown = Math.min(count, BAR_STACK);
      for (let i = 0; i < shown; i++) checker(g, cx, slotY(i), seat, i === shown - 1 ? "bg-top" : "");
      if (count > 1) text(g, cx, slotY(shown - 1) + 6, String(count), `bg-count bg-on${seat}`);
      if (down) {
        svg("rect", { x: BAR_X, y: CENTER_Y, width: BAR_W, height: BOTTOM - CENTER_Y, class: "bg-hit" }, g);
      }
    }
  }

  function drawTrays(layer, board, ui) {
    for (const [seat, count, bottom] of [
      [board.bottomSeat, board.mine[OFF], true],
      [board.topSeat, board.theirs[OFF], false],
    ]) {
      const y = bottom ? BOTTOM - PH : TOP;
      const g = svg("g", { class: "bg-tray" }, layer);
      if (bottom) {
        g.setAttribute("data-point", OFF);
        if (ui.targets.has(OFF)) g.classList.add("bg-target");
      }
      svg("rect", { x: TRAY_X, y, width: TRAY_W, height: PH, rx: 4, class: "bg-tray-box" }, g);
      for (let i = 0; i < count; i++) {
        const slabY = bottom ? BOTTOM - 4 - (i + 1) * SLAB : TOP + 4 + i * SLAB;
        svg("rect", {
          x: TRAY_X + 5, y: slabY, width: TRAY_W - 10, height: SLAB - 1, rx: 2,
          class: `bg-slab bg-seat${seat}`,
        }, g);
      }
      if (count) {
        const labelY = bottom ? BOTTOM - PH + 16 : TOP + PH - 6;
        text(g, TRAY_X + TRAY_W / 2, labelY, String(count), "bg-tray-count");
      }
    }
  }

  const PIPS = {
    1: [[1, 1]],
    2: [[0, 0], [2, 2]],
    3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
    6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  };

  function die(parent, x, y, value, seat, used) {
    const size = 34;
    const g = svg("g", { class: `bg-die bg-die${seat}${used ? " bg-used" : ""}`, "data-die": value }, parent);
    svg("rect", { x, y, width: size, height: size, rx: 6 }, g);
    for (const [col, row] of PIPS[value]) {
      svg("circle", { cx: x + 8 + col * 9, cy: y + 8 + row * 9, r: 3.4, class: "bg-pip" }, g);
    }
  }

  // The dice lie on the mover's side: the right half for the bottom player.
  function drawDice(layer, view, board, remaining) {
    if (!view.dice) return;
    const seat = view.turn;
    const centerX = seat === board.bottomSeat ? RIGHT + 3 * PW : LEFT + 3 * PW;
    const [a, b] = view.dice;
    const y = CENTER_Y - 17;
    if (a === b) {
      die(layer, centerX - 38, y, a, seat, remaining && remaining.length === 0);
      die(layer, centerX + 4, y, b, seat, remaining && remaining.length === 0);
      if (remaining) text(layer, centerX + 60, CENTER_Y + 6, `×${remaining.length}`, "bg-times");
      return;
    }
    const left = remaining ? remaining.slice() : [a, b];
    [a, b].forEach((value, i) => {
      const unused = left.indexOf(value);
      if (unused >= 0) left.splice(unused, 1);
      die(layer, centerX - 38 + i * 42, y, value, seat, unused < 0);
    });
  }

  // The cube lies in the middle of the bar, or at the owner's end; an offered cube is shown
  // in the middle at the value offered.
  function drawCube(layer, view, board) {
    if (!view.rules.cube) return;
    const cube = view.cube;
    const offer = view.offer;
    const size = 32;
    const x = BAR_X + (BAR_W - size) / 2;
    let y = CENTER_Y - size / 2;
    if (!offer && cube.owner === board.bottomSeat) y = BOTTOM - size - 4;
    else if (!offer && cube.owner === board.topSeat) y = TOP + 4;
    const g = svg("g", { class: `bg-cube${offer ? " bg-offered" : ""}` }, layer);
    svg("rect", { x, y, width: size, height: size, rx: 5 }, g);
    // A cube in the middle at 1 shows 64, as on a real board.
    const value = offer ? offer.value : cube.value;
    text(g, x + size / 2, y + size / 2 + 6, String(value === 1 ? 64 : value));
  }

  function drawBoard(view, board, ui) {
    const root = svg("svg", {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      class: "bg-svg",
      role: "img",
      "aria-label": "Board",
    });
    svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 10, class: "bg-frame" }, root);
    svg("rect", { x: LEFT, y: TOP, width: BAR_X - LEFT, height: BOTTOM - TOP, class: "bg-field" }, root);
    svg("rect", { x: RIGHT, y: TOP, width: 6 * PW, height: BOTTOM - TOP, class: "bg-field" }, root);
    const layer = svg("g", {}, root);
    for (let p = 1; p <= 24; p++) drawPoint(layer, p, board, ui);
    drawBar(layer, board, ui);
    drawTrays(layer, board, ui);
    drawDice(layer, view, board, ui.remaining);
    drawCube(layer, view, board);
    return root;
  }

  // ---- words --------------------------------------------------------------------------

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return (player && player.name) || `Player ${seat + 1}`;
  }

  function pointName(p, view) {
    if (p === OFF) return "off";
    if (p === BAR) return view.movement.entry === "hand" ? "hand" : "bar";
    return String(p);
  }

  function playText(view, moves) {
    return moves.map(([from, to]) => `${pointName(from, view)}/${pointName(to, view)}`).join(" ");
  }

  function eventText(msg, event) {
    const view = msg.view;
    const who = nameOf(msg, event.seat);
    if (event.cube) {
      const verbs = {
        double: "doubled to",
        take: "took the cube at",
        drop: "dropped the cube at",
        beaver: "beavered to",
      };
      return `${who} ${verbs[event.cube]} ${event.value}.`;
    }
    if (event.reroll) {
      const which = event.reroll === "both" ? "both dice" : "one die";
      return `${who} rolled ${which} again: ${event.dice.join("-")}.`;
    }
    const dice = event.dice.join("-");
    if (!event.moves.length) return `${who} rolled ${dice} and could not move.`;
    return `${who} played ${dice}: ${playText(view, event.moves)}.`;
  }

  function title(view) {
    const target = `to ${view.target} point${view.target === 1 ? "" : "s"}`;
    const series = view.match === "series";
    const game = series ? `Tavli, game ${view.game_no}: ${view.variant_name}` : view.variant_name;
    return [game, target, view.crawford ? "Crawford game" : ""].filter(Boolean).join(" · ");
  }

  function turnText(msg, plan) {
    const view = msg.view;
    const me = msg.seat;
    if (view.phase === "over") {
      if (view.winner === null) return "The game is a draw.";
      const score = `${view.score[view.winner]}–${view.score[1 - view.winner]}`;
      const how = OUTCOMES[view.reason] ? ` by ${OUTCOMES[view.reason]}` : "";
      return `${nameOf(msg, view.winner)} ${view.winner === me ? "win" : "wins"} ${score}${how}.`;
    }
    const mover = view.to_act[0];
    const mine = mover === me;
    if (view.phase === "take") {
      const offer = view.offer;
      const verb = offer.beaver ? "beavers" : "doubles";
      if (mine) return `${nameOf(msg, offer.by)} ${verb} to ${offer.value}: take or drop?`;
      return `${nameOf(msg, mover)} is answering the double to ${offer.value}.`;
    }
    if (view.phase === "cube") {
      return mine ? "Your turn: roll, or double first." : `${nameOf(msg, mover)} is about to roll.`;
    }
    const dice = view.dice.join("-");
    if (!mine) return `${nameOf(msg, mover)} is playing ${dice}.`;
    if (!plan) return `Your roll: ${dice}.`;
    if (plan.length === 0) return `You rolled ${dice}: no move is possible.`;
    if (turn.partial.length === plan.length) return `Your move ${playText(view, turn.partial)}: confirm or undo.`;
    if (turn.selected !== null) return "Now tap a highlighted point.";
    return `Your roll: ${dice}. Tap a checker, then where it goes.`;
  }

  function playerLine(msg, seat) {
    const view = msg.view;
    const line = el("div", `bg-player${view.to_act.includes(seat) ? " bg-to-act" : ""}`);
    line.append(el("i", `bg-chip bg-seat${seat}`), el("b", "", nameOf(msg, seat)));
    line.append(el("span", "bg-score", `${view.score[seat]} / ${view.target}`));
    line.append(el("span", "bg-pips", `${view.pips[seat]} pips`));
    if (view.rules.reroll !== "none") {
      const left = view.rerolls_left[seat];
      line.append(el("span", "bg-pips", `${left} re-roll${left === 1 ? "" : "s"}`));
    }
    return line;
  }

  // ---- controls -----------------------------------------------------------------------

  function button(label, action, onClick, disabled) {
    const b = el("button", "bg-button", label);
    b.type = "button";
    b.dataset.action = action;
    b.disabled = Boolean(disabled) || turn.sent;
    b.addEventListener("click", onClick);
    return b;
  }

  function send(action) {
    if (turn.sent) return;
    turn.sent = true; // one answer per move: a second tap would only be refused as stale
    current.act(action);
    redraw();
  }

  function controls(msg, build) {
    const view = msg.view;
    const box = el("div", "bg-controls");
    const legal = msg.legal || [];
    const has = (type) => legal.some((a) => a.type === type);
    if (view.phase === "cube" && has("roll")) {
      box.append(
        button("Roll", "roll", () => send({ type: "roll" })),
        button(`Double to ${2 * view.cube.value}`, "double", () => send({ type: "double" }))
      );
    }
    if (view.phase === "take" && has("take")) {
      box.append(
        button(`Take (${view.offer.value})`, "take", () => send({ type: "take" })),
        button("Drop", "drop", () => send({ type: "drop" }))
      );
      if (has("beaver")) {
        box.append(button(`Beaver to ${2 * view.offer.value}`, "beaver", () => send({ type: "beaver" })));
      }
    }
    if (build) {
      const play = build.play;
      box.append(
        button("Undo", "undo", undo, !turn.partial.length),
        button(build.length ? "Confirm" : "Pass", "confirm", () => send({ type: "play", moves: play.moves }), !play)
      );
      if (!turn.partial.length) box.append(...rerollButtons(view, legal));
    }
    return box;
  }

  function rerollButtons(view, legal) {
    const fee = `${view.reroll_fee_bp / 100}% fee`;
    return legal
      .filter((a) => a.type === "reroll")
      .map((a) => {
        const which = a.dice === "both" ? "both" : `the ${view.dice[a.die]}`;
        const label = `Roll ${which} again (${fee})`;
        return button(label, a.dice === "both" ? "reroll-both" : `reroll-${a.die}`, () => send(a));
      });
  }

  // ---- taps ---------------------------------------------------------------------------

  function undo() {
    turn.partial.pop();
    turn.selected = null;
    redraw();
  }

  function onTap(point, next) {
    const dest = turn.selected === null ? null : next.find((s) => s[0] === turn.selected && s[1] === point);
    if (dest) {
      turn.partial.push(dest);
      turn.selected = null;
    } else if (next.some((s) => s[0] === point)) {
      turn.selected = turn.selected === point ? null : point;
    } else {
      turn.selected = null;
    }
    redraw();
  }

  // ---- render -------------------------------------------------------------------------

  function lastMovedPoints(view, bottomSeat) {
    const event = view.recent[view.recent.length - 1];
    if (!event || !event.moves) return new Set();
    const landed = event.moves.map(([, to]) => pointFor(view, event.seat, bottomSeat, to));
    return new Set(landed.filter((p) => p > 0));
  }

  // The play the seat is building, when it has a roll to play: the tree node its steps
  // reached and which steps may follow.
  function building(msg, me) {
    const view = msg.view;
    const tree = view.steps;
    if (me === null || view.phase !== "play" || !tree) return null;
    let at = 0;
    const taken = [];
    for (const [from, to] of turn.partial) {
      const edge = tree.nodes[at].steps.find((s) => s[0] === from && s[1] === to);
      if (!edge) break; // cannot happen for a play built here: keep what still fits
      taken.push(edge);
      at = edge[2];
    }
    turn.partial = taken.map(([from, to]) => [from, to]);
    const node = tree.nodes[at];
    const play = node.play === undefined ? null : (msg.legal || [])[node.play];
    return { length: tree.length, node, taken, play, next: node.steps };
  }

  // Shows the position the partial play reached, and what may be tapped next.
  function showBuilding(view, board, ui, build) {
    const mine = board.mine.slice();
    const theirs = board.theirs.slice();
    const theirPins = new Set(board.theirPins);
    for (const [from, to, , ...effects] of build.taken) {
      mine[from] -= 1;
      mine[to] += 1;
      if (effects.includes("hit")) {
        theirs[to] = 0;
        theirs[BAR] += 1;
      }
      if (effects.includes("pin")) theirPins.add(to);
      if (effects.includes("free")) theirPins.delete(from);
    }
    Object.assign(board, { mine, theirs, theirPins });
    const left = build.length - build.taken.length;
    const double = view.dice[0] === view.dice[1];
    ui.remaining = left === 0 ? [] : build.node.dice.slice(0, double ? left : 2);
    if (build.taken.length) ui.moved = new Set(build.taken.map(([, to]) => to).filter((p) => p > 0));
    ui.sources = new Set(build.next.map((s) => s[0]));
    ui.selected = turn.selected;
    if (turn.selected !== null) {
      ui.targets = new Set(build.next.filter((s) => s[0] === turn.selected).map((s) => s[1]));
    }
  }

  function redraw() {
    const { root, msg } = current;
    const view = msg.view;
    const me = msg.seat === null || msg.seat === undefined ? null : msg.seat;
    const bottomSeat = me === null ? 0 : me;
    const board = { ...perspective(view, bottomSeat), bottomSeat, topSeat: 1 - bottomSeat };
    const ui = {
      sources: new Set(),
      targets: new Set(),
      selected: null,
      remaining: null, // the dice still to play, while the seat builds its play
      moved: lastMovedPoints(view, bottomSeat),
    };
    const build = building(msg, me);
    if (build) showBuilding(view, board, ui, build);
    const svgRoot = drawBoard(view, board, ui);
    if (build && !turn.sent) {
      svgRoot.classList.add("bg-live");
      svgRoot.addEventListener("click", (event) => {
        const target = event.target.closest("[data-point]");
        if (target) onTap(Number(target.dataset.point), build.next);
      });
    }
    const container = el("div", "bg-board");
    container.dataset.bgSeq = msg.seq;
    container.dataset.bgPhase = view.phase;
    container.append(
      el("div", "bg-title", title(view)),
      playerLine(msg, board.topSeat),
      svgRoot,
      playerLine(msg, board.bottomSeat)
    );
    if (me !== null && view.phase !== "over") container.append(controls(msg, build));
    const lastEvent = view.recent[view.recent.length - 1];
    if (lastEvent) container.append(el("p", "bg-last", eventText(msg, lastEvent)));
    root.replaceChildren(container);
    current.say(turnText(msg, build));
  }

  function render(root, msg, act, say) {
    startTurnIfNew(msg);
    current = { root, msg, act, say };
    redraw();
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards["tavli"] = window.GameBoards["backgammon"] = { render };
})();
