// The wheels and shows: a big wheel spun to the committed segment (again after each
// multiplier), a rocket climbing to the committed explosion, a wall of stones turned over.
// A board of the round-game page (rounds.js): draw(game) once, show(game, outcome, animate)
// for every result; `game` is the game's public description (its `kind` says which
// picture), `outcome` the committed one.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SPIN_MS = 3200;
  const timers = [];
  const later = (ms, fn) => timers.push(setTimeout(fn, ms));
  const calm = () => { while (timers.length) clearTimeout(timers.pop()); };

  // --- the wheel ------------------------------------------------------------------------

  const wheel = {
    draw(game) {
      const size = 300, r = 142, c = size / 2;
      const holder = Kit.el("div", "ft-wheel-holder");
      $("board").appendChild(holder);
      const svg = Kit.svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "ft-wheel" }, holder);
      Kit.svg("circle", { cx: c, cy: c, r: r + 6, class: "ft-rim" }, svg);
      const spinner = Kit.svg("g", { class: "ft-spinner" }, svg);
      const segments = game.segments, step = 360 / segments.length;
      const small = segments.length > 30;
      segments.forEach((label, i) => {
        const a0 = ((i - 0.5) * step - 90) * Math.PI / 180, a1 = ((i + 0.5) * step - 90) * Math.PI / 180;
        const path = `M${c},${c} L${c + r * Math.cos(a0)},${c + r * Math.sin(a0)} A${r},${r} 0 0 1 ${c + r * Math.cos(a1)},${c + r * Math.sin(a1)} Z`;
        Kit.svg("path", { d: path, class: `ft-segment ft-${game.colours[label]}` }, spinner);
        const am = (i * step - 90) * Math.PI / 180, tr = r - (small ? 22 : 18);
        const x = c + tr * Math.cos(am), y = c + tr * Math.sin(am);
        const text = Kit.svg("text", { x, y, class: small ? "ft-label ft-small" : "ft-label", transform: `rotate(${i * step + (small ? 90 : 0)} ${x} ${y})` }, spinner);
        text.textContent = face(label);
      });
      Kit.svg("circle", { cx: c, cy: c, r: 46, class: "ft-hub" }, svg);
      const centre = Kit.svg("text", { x: c, y: c + 9, class: "ft-centre", id: "ft-centre" }, svg);
      centre.textContent = "";
      Kit.svg("path", { d: `M${c - 10},0 L${c + 10},0 L${c},24 Z`, class: "ft-pointer" }, svg);
      holder.appendChild(Kit.el("p", "ft-caption", ""));
      this.turns = 0;
    },
    stops(game, outcome) {
      if (outcome.stops) return outcome.stops;
      return [outcome.stop !== undefined ? outcome.stop : game.segments.indexOf(outcome.sector)];
    },
    turn(game, index, animate) {
      const step = 360 / game.segments.length;
      this.turns += animate ? 3 : 0;
      const spinner = $("board").querySelector(".ft-spinner");
      spinner.style.transition = animate ? `transform ${SPIN_MS}ms cubic-bezier(.15,.6,.2,1)` : "none";
      spinner.style.transform = `rotate(${this.turns * 360 - index * step}deg)`;
      const label = game.segments[index];
      const centre = $("ft-centre");
      const show = () => { centre.textContent = face(label); centre.setAttribute("class", `ft-centre ft-text-${game.colours[label]}`); };
      if (animate) { centre.textContent = ""; later(SPIN_MS, show); } else show();
    },
    show(game, outcome, animate) {
      calm();
      const stops = this.stops(game, outcome);
      const caption = $("board").querySelector(".ft-caption");
      caption.textContent = "";
      const last = stops.length - 1;
      if (!animate) { this.turn(game, stops[last], false); caption.textContent = extra(game, outcome); return; }
      stops.forEach((index, i) => later(i * (SPIN_MS + 900), () => this.turn(game, index, true)));
      later(last * (SPIN_MS + 900) + SPIN_MS, () => { caption.textContent = extra(game, outcome); });
    },
  };

  // A segment as the wheel prints it: numbers as they are, words in capitals.
  const face = (label) => (/^\d/.test(label) ? label : label.toUpperCase());

  // Bonus lines under the wheel: the multipliers collected before the number, and so on.
  function extra(game, outcome) {
    if (outcome.stops && outcome.stops.length > 1) {
      const multipliers = outcome.stops.slice(0, -1).map((i) => game.segments[i]);
      return `Multipliers ${multipliers.join(" then ")}, then ${game.segments[outcome.stops[outcome.stops.length - 1]]}`;
    }
    if (outcome.top) {
      const top = `Top slot: x${outcome.top.multiplier} on ${game.names[outcome.top.spot]}`;
      const bonus = outcome.bonus || {};
      if (bonus.shot !== undefined) return `${top} · the shot hits ${bonus.wall[bonus.shot]}x`;
      if (bonus.side) return `${top} · coin ${bonus.red}x red, ${bonus.blue}x blue: ${bonus.side}`;
      if (bonus.landings) return `${top} · the puck lands ${bonus.landings.map((i) => (bonus.slots[i] ? `${bonus.slots[i]}x` : "DOUBLE")).join(", ")}`;
      if (bonus.flapper) return `${top} · ${bonus.flapper} flapper: ${bonus.stops.map((i) => game.big_wheel[i]).join(", ")}`;
      return top;
    }
    return "";
  }

  // --- the rocket -----------------------------------------------------------------------

  const hundredths = (h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}x`;

  const rocket = {
    draw() {
      const holder = Kit.el("div", "ft-sky");
      const svg = Kit.svg("svg", { viewBox: "0 0 300 200", class: "ft-sky-svg" }, holder);
      Kit.svg("path", { d: "M10,190 L290,190", class: "ft-ground" }, svg);
      Kit.svg("path", { d: "M10,190", class: "ft-trail", id: "ft-trail" }, svg);
      const ship = Kit.svg("g", { id: "ft-ship", class: "ft-ship" }, svg);
      Kit.svg("path", { d: "M0,-12 L6,4 L0,1 L-6,4 Z", class: "ft-ship-body" }, ship);
      Kit.svg("circle", { cx: 0, cy: 0, r: 0, class: "ft-blast", id: "ft-blast" }, svg);
      holder.appendChild(Kit.el("p", "ft-multiplier", "1.00x"));
      $("board").appendChild(holder);
    },
    // Where the ship is at multiplier m (hundredths): up a curve scaled to the point.
    at(m, top) {
      const t = Math.log(m / 100) / Math.log(Math.max(top, 101) / 100);
      return [10 + 270 * t, 190 - 170 * Math.pow(t, 1.4)];
    },
    frame(m, top, blown) {
      const [x, y] = this.at(m, top);
      let d = "M10,190";
      for (let i = 1; i <= 30; i++) {
        const [px, py] = this.at(100 * Math.pow(m / 100, i / 30), top);
        d += ` L${px.toFixed(1)},${py.toFixed(1)}`;
      }
      $("ft-trail").setAttribute("d", d);
      $("ft-ship").setAttribute("transform", `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(60)`);
      $("ft-ship").style.opacity = blown ? "0" : "1";
      const blast = $("ft-blast");
      blast.setAttribute("cx", x.toFixed(1)); blast.setAttribute("cy", y.toFixed(1));
      blast.setAttribute("r", blown ? "16" : "0");
      const shown = $("board").querySelector(".ft-multiplier");
      shown.textContent = blown ? `Exploded at ${hundredths(m)}` : hundredths(m);
      shown.classList.toggle("ft-blown", blown);
    },
    show(game, outcome, animate) {
      calm();
      const top = outcome.point;
      if (!animate) { this.frame(top, top, true); return; }
      const frames = 60;
      for (let i = 0; i <= frames; i++) {
        const m = Math.round(100 * Math.pow(top / 100, i / frames));
        later(i * (SPIN_MS / frames), () => this.frame(i === frames ? top : m, top, i === frames));
      }
    },
  };

  // --- the treasure wall -----------------------------------------------------------------

  const wall = {
    draw() {
      const grid = Kit.el("div", "ft-wall");
      for (let i = 0; i < 70; i++) grid.appendChild(Kit.el("span", "ft-stone"));
      $("board").appendChild(grid);
      $("board").appendChild(Kit.el("p", "ft-caption", ""));
    },
    show(game, outcome, animate) {
      calm();
      const stones = $("board").querySelectorAll(".ft-stone");
      // The round's picks first, one by one, then the rest of the wall at once.
      const order = outcome.picks.concat([...stones.keys()].filter((i) => !outcome.picks.includes(i)));
      stones.forEach((stone) => { stone.className = "ft-stone"; stone.textContent = ""; });
      const open = (place, picked) => {
        const stone = stones[place], gem = outcome.stones[place], bonus = outcome.bonus[String(place)];
        stone.className = `ft-stone ft-gem-${gem}${picked ? " ft-picked" : ""}${bonus ? " ft-bonus" : ""}`;
        stone.textContent = bonus ? `x${bonus}` : `${game.gems[gem]}`;
        stone.title = gem;
      };
      const caption = $("board").querySelector(".ft-caption");
      const opened = outcome.picks.slice(0, 3).map((p) => outcome.stones[p]).join(", ");
      order.forEach((place, i) => {
        const picked = i < outcome.picks.length;
        if (animate) later(picked ? i * 120 : outcome.picks.length * 120 + 300, () => open(place, picked)); else open(place, picked);
      });
      const text = `First stones opened: ${opened}`;
      if (animate) later(outcome.picks.length * 120 + 300, () => { caption.textContent = text; }); else caption.textContent = text;
    },
  };

  // --- the briefcase show ----------------------------------------------------------------

  const briefcases = {
    draw() {
      const rings = Kit.el("div", "ft-rings");
      for (let i = 0; i < 3; i++) rings.appendChild(Kit.el("span", "ft-ring", "?"));
      const cases = Kit.el("div", "ft-cases");
      for (let i = 0; i < 16; i++) cases.appendChild(Kit.el("span", "ft-case", String(i + 1)));
      $("board").append(rings, cases, Kit.el("p", "ft-caption", ""));
    },
    show(game, outcome, animate) {
      calm();
      const rings = $("board").querySelectorAll(".ft-ring");
      const cases = $("board").querySelectorAll(".ft-case");
      const caption = $("board").querySelector(".ft-caption");
      rings.forEach((ring) => { ring.className = "ft-ring"; ring.textContent = "?"; });
      cases.forEach((box, i) => { box.className = `ft-case${i === outcome.mine ? " ft-mine" : ""}`; box.textContent = String(i + 1); });
      caption.textContent = "";
      const steps = [];
      outcome.rings.forEach((stop, i) => steps.push(() => { rings[i].className = `ft-ring ${stop === 0 ? "ft-gold-ring" : "ft-plain-ring"}`; rings[i].textContent = stop === 0 ? "★" : "✕"; }));
      let opened = 0;
      game.openings.forEach((count, round) => {
        for (let k = 0; k < count; k++) {
          const index = outcome.opened[opened++];
          steps.push(() => { cases[index].classList.add("ft-open"); cases[index].textContent = `${outcome.cases[index]}x`; });
        }
        steps.push(() => { caption.textContent = `Banker offers ${outcome.offers[round]}x`; });
      });
      steps.push(() => {
        [outcome.mine, outcome.opened[outcome.opened.length - 1]].forEach((index) => { cases[index].classList.add("ft-open"); cases[index].textContent = `${outcome.cases[index]}x`; });
        caption.textContent = `Your briefcase: ${outcome.cases[outcome.mine]}x · the last: ${outcome.cases[outcome.opened[outcome.opened.length - 1]]}x`;
      });
      steps.forEach((step, i) => (animate ? later(i * 220, step) : step()));
    },
  };

  // --- the property wheel: the wheel, then the landlord's walk on a 40-square board -----

  const property = {
    draw(game) {
      wheel.draw(game);
      const track = Kit.el("div", "ft-track");
      game.squares.forEach((square) => {
        const cell = Kit.el("span", `ft-square ft-sq-${square.kind}`, "");
        cell.title = square.name;
        if (square.group) cell.dataset.group = square.group;
        track.appendChild(cell);
      });
      $("board").append(track, Kit.el("p", "ft-walk", ""));
    },
    // The squares the landlord stops on, from the committed dice: a pair frees him from
    // jail (else the game ends) and Go to Jail (square 30) sends him to square 10.
    path(outcome) {
      let place = 0, jailed = false;
      const stops = [];
      for (const [a, b] of outcome.bonus.dice) {
        if (jailed && a !== b) break;
        place = (place + a + b) % 40;
        jailed = place === 30;
        if (jailed) place = 10;
        stops.push({ place, dice: `${a}+${b}` });
      }
      return stops;
    },
    show(game, outcome, animate) {
      const cards = outcome.cards.map((c) => (c.multiplier ? `Chance x${c.multiplier}` : `Chance +${c.prize}x`));
      const squares = $("board").querySelectorAll(".ft-square");
      const walk = $("board").querySelector(".ft-walk");
      squares.forEach((cell) => cell.classList.remove("ft-here", "ft-visited"));
      walk.textContent = "";
      wheel.show(game, outcome, animate);
      const caption = $("board").querySelector(".ft-caption");
      const spun = outcome.stops.length * (SPIN_MS + 900);
      const say = () => { caption.textContent = cards.length ? `${cards.join(", ")}, then ${game.segments[outcome.stops[outcome.stops.length - 1]]}` : ""; };
      if (animate) later(spun - 900, say); else say();
      if (!outcome.bonus) return;
      const steps = this.path(outcome).map(({ place, dice }, i, all) => () => {
        squares.forEach((cell) => cell.classList.remove("ft-here"));
        squares[place].classList.add("ft-here", "ft-visited");
        walk.textContent = `Roll ${i + 1} of ${all.length}: ${dice}, ${game.squares[place].name}`;
      });
      steps.forEach((stepTo, i) => (animate ? later(spun + i * 900, stepTo) : stepTo()));
    },
  };

  const kinds = { wheel, rocket, wall, briefcases, property };
  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.fortune = {
    draw(game) { kinds[game.kind].draw(game); },
    show(game, outcome, animate) { kinds[game.kind].show(game, outcome, animate); },
  };
})();
