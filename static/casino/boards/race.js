// The races: a track of lanes, one runner a lane, run to the committed finishing order;
// and Fruit Race's tube of ten balls dropping beside the symbol panel.
// A board of the round-game page (rounds.js): draw(game) once, show(game, outcome, animate)
// for every result; `game` is the game's public description, `outcome` the committed one.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const COLOURS = ["#b42318", "#1d4ed8", "#f5f0e1", "#1c2430", "#c2410c", "#067647", "#7c3aed", "#ca8a04", "#0e7490", "#be185d"];
  const INK = ["#fff", "#fff", "#1c2430", "#fff", "#fff", "#fff", "#fff", "#1c2430", "#fff", "#fff"];
  const START = 24, FINISH = 300, LANE = 22, RUN_MS = 7000;
  const FRUIT = { plum: ["#5b21b6", "●"], cherry: ["#b42318", "♥"], lemon: ["#ca8a04", "◆"], seven: ["#c2410c", "7"] };

  // A runner's share of the track at a share of its own race time: smooth, with surges
  // that differ by runner so that places change on the way (never backwards).
  function stride(u, seed) {
    const wave = Math.sin(Math.PI * u) * Math.sin(seed * 2.3) * 0.09 + Math.sin(2 * Math.PI * u) * Math.cos(seed * 1.7) * 0.04;
    return Math.min(1, Math.max(0, u + wave));
  }

  function drawTrack(game) {
    const lanes = game.runners.length, height = lanes * LANE + 12;
    const svg = Kit.svg("svg", { viewBox: `0 0 320 ${height}`, class: "rg-track", role: "img" }, $("board"));
    Kit.svg("rect", { x: 0, y: 0, width: 320, height, rx: 8, class: `rg-turf rg-turf-${game.runner}` }, svg);
    game.runners.forEach((runner, i) => {
      const y = 6 + i * LANE;
      Kit.svg("rect", { x: 4, y, width: 312, height: LANE, class: i % 2 ? "rg-lane rg-lane-odd" : "rg-lane" }, svg);
      const tag = Kit.svg("text", { x: 10, y: y + LANE / 2, class: "rg-lane-number" }, svg);
      tag.textContent = runner.number;
    });
    Kit.svg("line", { x1: FINISH + 8, y1: 4, x2: FINISH + 8, y2: height - 4, class: "rg-finish" }, svg);
    game.runners.forEach((runner, i) => {
      const g = Kit.svg("g", { class: "rg-runner", "data-number": runner.number }, svg);
      Kit.svg("circle", { cx: 0, cy: 0, r: 8.5, fill: COLOURS[i % 10], class: "rg-silk" }, g);
      const label = Kit.svg("text", { x: 0, y: 0.5, fill: INK[i % 10], class: "rg-silk-number" }, g);
      label.textContent = runner.number;
      g.setAttribute("transform", `translate(${START} ${6 + i * LANE + LANE / 2})`);
    });
    const podium = Kit.el("ol", "rg-podium");
    podium.id = "rg-podium";
    $("board").appendChild(podium);
  }

  function place(game, positions) {
    $("board").querySelectorAll(".rg-runner").forEach((g, i) => {
      g.setAttribute("transform", `translate(${START + (FINISH - START) * positions[i]} ${6 + i * LANE + LANE / 2})`);
    });
  }

  function podium(game, order, shown) {
    const list = $("rg-podium");
    list.replaceChildren(...order.slice(0, Math.min(4, order.length)).map((number, rank) => {
      const item = Kit.el("li", "rg-podium-place", `${["1st", "2nd", "3rd", "4th"][rank]} ${game.runner} ${number}`);
      item.style.setProperty("--silk", COLOURS[(number - 1) % 10]);
      return item;
    }));
    list.hidden = !shown;
  }

  function run(game, order, animate) {
    const n = order.length;
    const rank = {};
    order.forEach((number, i) => { rank[number] = i; });
    // Each runner's own race time: the winner's the shortest, the last one's the track's.
    const ends = game.runners.map((r) => RUN_MS * (0.84 + 0.16 * rank[r.number] / Math.max(1, n - 1)));
    const finalPositions = game.runners.map((r) => 1 - rank[r.number] * 0.035);
    if (this.frame) cancelAnimationFrame(this.frame);
    if (!animate) { place(game, finalPositions); podium(game, order, true); return; }
    podium(game, order, false);
    const started = performance.now();
    const tick = (now) => {
      const t = now - started;
      place(game, game.runners.map((r, i) => (t >= ends[i] ? finalPositions[i] : stride(t / ends[i], r.number) * finalPositions[i])));
      if (t < RUN_MS) this.frame = requestAnimationFrame(tick);
      else podium(game, order, true);
    };
    this.frame = requestAnimationFrame(tick);
  }

  function drawFruit(game) {
    const rows = Kit.el("div", "rg-fruit");
    ["panel", "tube"].forEach((row) => {
      const line = Kit.el("div", `rg-fruit-row rg-fruit-${row}`);
      line.id = `rg-fruit-${row}`;
      game.panel.forEach((symbol) => line.appendChild(ball(row === "panel" ? symbol : null)));
      rows.appendChild(line);
    });
    const total = Kit.el("p", "rg-fruit-total");
    total.id = "rg-fruit-total";
    rows.appendChild(total);
    $("board").appendChild(rows);
  }

  function ball(symbol) {
    const item = Kit.el("span", "rg-ball", symbol ? FRUIT[symbol][1] : "");
    if (symbol) item.style.background = FRUIT[symbol][0];
    return item;
  }

  function drop(game, outcome, animate) {
    const tube = $("rg-fruit-tube");
    let matched = 0;
    const seven = outcome.tube[9] === "seven";
    tube.replaceChildren(...outcome.tube.map((symbol, i) => {
      const item = ball(symbol);
      if (symbol === game.panel[i]) { item.classList.add("rg-match"); matched += 1; }
      if (animate) { item.classList.add("rg-drop"); item.style.animationDelay = `${i * 0.45}s`; }
      return item;
    }));
    const text = matched === 1 && seven ? "The 7 alone!" : `${matched} match${matched === 1 ? "" : "es"}`;
    $("rg-fruit-total").textContent = "";
    setTimeout(() => { $("rg-fruit-total").textContent = text; }, animate ? 4800 : 0);
  }

  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.race = {
    draw(game) {
      if (game.kind === "fruit") drawFruit(game); else drawTrack(game);
    },
    show(game, outcome, animate) {
      if (game.kind === "fruit") drop(game, outcome, animate); else run.call(this, game, outcome.order, animate);
    },
  };
})();
