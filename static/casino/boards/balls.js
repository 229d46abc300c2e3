// Number draws: a drum that tumbles while the committed balls roll out one by one into the
// tray (in zones for Six Zones), the cards of a colour run turned over, the bonus balls of
// the card game with their multipliers. A board of the round-game page (rounds.js):
// draw(game) once, show(game, outcome, animate) for every result, and picker(game, type,
// add) for the bets whose selections are too many to list as buttons.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const timers = [];

  function ball(game, number, extra) {
    const colour = (game.colours && game.colours[String(number)]) || "white";
    const label = (game.labels && game.labels[String(number)]) || String(number);
    const node = Kit.el("span", `rg-ball rg-ball-${colour} ${extra || ""}`.trim(), label);
    node.dataset.ball = number;
    return node;
  }

  // The balls' places in the tray: one row, or the zones of Six Zones two balls each.
  function slots(game, count) {
    const tray = Kit.el("div", "rg-tray");
    if (game.zones) {
      game.zones.forEach((name) => {
        const zone = Kit.el("div", "rg-zone");
        zone.appendChild(Kit.el("span", "rg-zone-name", name));
        for (let i = 0; i < count / game.zones.length; i++) zone.appendChild(Kit.el("span", "rg-slot"));
        tray.appendChild(zone);
      });
    } else {
      for (let i = 0; i < count; i++) tray.appendChild(Kit.el("span", "rg-slot"));
    }
    return tray;
  }

  function drum() {
    const node = Kit.el("div", "rg-drum");
    ["red", "blue", "yellow", "green", "white", "black"].forEach((colour, i) => {
      const inside = Kit.el("span", `rg-drum-ball rg-ball-${colour}`);
      inside.style.setProperty("--i", i);
      node.appendChild(inside);
    });
    return node;
  }

  // One after another, in draw order; the whole draw fits in a few seconds however long.
  function reveal(nodes, places, animate) {
    timers.splice(0).forEach(clearTimeout);
    const step = animate ? Math.min(450, 5000 / Math.max(nodes.length, 1)) : 0;
    const spin = $("board").querySelector(".rg-drum");
    if (spin && animate) spin.classList.add("rg-turning");
    nodes.forEach((node, i) => {
      const put = () => { places[i].replaceChildren(node); if (animate) node.classList.add("rg-drop"); };
      if (step) timers.push(setTimeout(put, i * step)); else put();
    });
    if (spin && animate) timers.push(setTimeout(() => spin.classList.remove("rg-turning"), nodes.length * step + 300));
  }

  function showBalls(game, outcome, animate) {
    const tray = $("board").querySelector(".rg-tray");
    const places = Array.from(tray.querySelectorAll(".rg-slot"));
    places.forEach((p) => p.replaceChildren());
    reveal(outcome.balls.map((n) => ball(game, n)), places, animate);
    lastDrawn = new Set(outcome.balls);
    const extra = $("board").querySelector(".rg-bonus");
    if (extra) {
      extra.replaceChildren(...(outcome.mega || []).map((m) => {
        const item = Kit.el("span", "rg-bonus-ball");
        item.append(ball(game, m.ball, "rg-ball-gold"), Kit.el("b", "", `×${m.multiplier}`));
        return item;
      }));
    }
  }

  function showCards(game, outcome, animate) {
    const places = Array.from($("board").querySelectorAll(".rg-slot"));
    places.forEach((p) => p.replaceChildren());
    reveal(outcome.cards.map((code) => Kit.card(code, "rg-card")), places, animate);
  }

  // --- pickers for selections too many to list ---------------------------------------

  function button(text, onClick, className) {
    const node = Kit.el("button", `button small ${className || ""}`.trim(), text);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function numbersPicker(game, pick, add) {
    const box = Kit.el("div", "rg-picker");
    const chosen = new Set();
    const note = Kit.el("p", "help", "");
    const done = button("Add to slip", () => {
      const numbers = Array.from(chosen).sort((a, b) => a - b);
      add({ numbers }, numbers.join(" "));
      chosen.clear();
      grid.querySelectorAll("[aria-pressed]").forEach((b) => b.setAttribute("aria-pressed", "false"));
      update();
    }, "primary");
    const grid = Kit.el("div", "rg-pick-grid");
    for (let n = pick.low; n <= pick.high; n++) {
      const cell = button(String(n), () => {
        if (chosen.has(n)) chosen.delete(n); else if (chosen.size < pick.count) chosen.add(n);
        cell.setAttribute("aria-pressed", String(chosen.has(n)));
        update();
      }, `rg-pick rg-pick-${(game.colours && game.colours[String(n)]) || "white"}`);
      cell.setAttribute("aria-pressed", "false");
      grid.appendChild(cell);
    }
    function update() {
      note.textContent = `${chosen.size} of ${pick.count} chosen`;
      done.disabled = chosen.size !== pick.count;
    }
    update();
    box.append(grid, note, done);
    return box;
  }

  function numberField(label, low, high, value) {
    const field = Kit.el("label", "rg-pick-field");
    const input = Kit.el("input");
    Object.assign(input, { type: "number", min: low, max: high, value, inputMode: "numeric" });
    field.append(Kit.el("span", "", label), input);
    return [field, input];
  }

  function rangePicker(game, pick, add) {
    const box = Kit.el("div", "rg-picker");
    const row = Kit.el("div", "rg-pick-row");
    const [lowField, low] = numberField("From", pick.low, pick.high, 10);
    const [highField, high] = numberField("to", pick.low, pick.high, 37);
    row.append(lowField, highField, button("Add to slip", () => {
      const selection = { low: Number(low.value), high: Number(high.value) };
      add(selection, `${selection.low} to ${selection.high}`);
    }, "primary"));
    box.appendChild(row);
    return box;
  }

  function coloursPicker(game, pick, add) {
    const box = Kit.el("div", "rg-picker");
    const [startField, start] = numberField("From card", 1, pick.last_start, 1);
    const run = Kit.el("div", "rg-pick-row");
    const colours = Array(pick.count).fill("red");
    colours.forEach((_, i) => {
      const toggle = button("Red", () => {
        colours[i] = colours[i] === "red" ? "black" : "red";
        toggle.textContent = colours[i] === "red" ? "Red" : "Black";
        toggle.className = `button small rg-pick-${colours[i]}`;
      }, "rg-pick-red");
      run.appendChild(toggle);
    });
    box.append(pick.last_start > 1 ? startField : "", run, button("Add to slip", () => {
      const from = Number(start.value);
      add({ from, colours: colours.slice() }, `from card ${from}: ${colours.join(" ")}`);
    }, "primary"));
    return box;
  }

  // Line Bingo's card ``number``: the same shuffle as casino/numbers/line_bingo.py.
  function bingoCard(number) {
    let state = Math.imul(number, 2654435761) >>> 0;
    const pool = Array.from({ length: 51 }, (_, i) => i + 1);
    for (let last = pool.length - 1; last > 0; last--) {
      state = (state ^ (state << 13)) >>> 0;
      state = (state ^ (state >>> 17)) >>> 0;
      state = (state ^ (state << 5)) >>> 0;
      const swap = state % (last + 1);
      [pool[last], pool[swap]] = [pool[swap], pool[last]];
    }
    return pool.slice(0, 24);
  }

  // The card as a 5 x 5 grid, row by row, the free square in the middle; the balls of the
  // last draw marked.
  function drawCard(grid, number, drawn) {
    const numbers = bingoCard(number);
    const cells = [];
    for (let i = 0; i < 25; i++) {
      if (i === 12) { cells.push(Kit.el("span", "rg-bingo-cell rg-bingo-free", "★")); continue; }
      const n = numbers[i < 12 ? i : i - 1];
      cells.push(Kit.el("span", `rg-bingo-cell${drawn.has(n) ? " rg-bingo-hit" : ""}`, String(n)));
    }
    grid.replaceChildren(...cells);
  }

  let lastDrawn = new Set();

  function cardPicker(game, pick, add) {
    const box = Kit.el("div", "rg-picker");
    const row = Kit.el("div", "rg-pick-row");
    const [field, input] = numberField("Card", pick.low, pick.high, 1 + Math.floor(Math.random() * pick.high));
    const grid = Kit.el("div", "rg-bingo-card");
    const valid = () => Number.isInteger(Number(input.value)) && Number(input.value) >= pick.low && Number(input.value) <= pick.high;
    const show = () => { if (valid()) drawCard(grid, Number(input.value), lastDrawn); };
    input.addEventListener("input", show);
    row.append(field,
      button("Another", () => { input.value = 1 + Math.floor(Math.random() * pick.high); show(); }),
      button("Add to slip", () => add({ card: Number(input.value) }, String(input.value)), "primary"));
    box.append(row, grid);
    show();
    return box;
  }

  const PICKERS = { numbers: numbersPicker, range: rangePicker, colours: coloursPicker, card: cardPicker };

  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.balls = {
    draw(game) {
      const board = Kit.el("div", "rg-balls");
      if (game.cards) {
        board.appendChild(slots({}, game.cards));
      } else {
        board.append(drum(), slots(game, game.drawn));
        if (game.bonus) board.appendChild(Kit.el("div", "rg-bonus"));
      }
      $("board").appendChild(board);
    },
    show(game, outcome, animate) {
      if (outcome.cards) showCards(game, outcome, animate); else showBalls(game, outcome, animate);
    },
    bingoCard,
    picker(game, type, add) {
      const pick = game.picks && game.picks[type.code];
      return pick ? PICKERS[pick.kind](game, pick, add) : null;
    },
  };
})();
