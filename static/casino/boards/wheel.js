// The roulette wheel: its pockets in wheel order, spun to the committed pocket.
// A board of the round-game page (rounds.js): draw(game) once, show(game, outcome, animate)
// for every result; `game` is the game's public description, `outcome` the committed one.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.wheel = {
    draw(game) {
      const size = 260, r = 125, c = size / 2;
      const svg = Kit.svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "rg-wheel" }, $("board"));
      const spinner = Kit.svg("g", { class: "rg-spinner" }, svg);
      const pockets = game.wheel, step = 360 / pockets.length;
      pockets.forEach((label, i) => {
        const a0 = ((i - 0.5) * step - 90) * Math.PI / 180, a1 = ((i + 0.5) * step - 90) * Math.PI / 180;
        const path = `M${c},${c} L${c + r * Math.cos(a0)},${c + r * Math.sin(a0)} A${r},${r} 0 0 1 ${c + r * Math.cos(a1)},${c + r * Math.sin(a1)} Z`;
        Kit.svg("path", { d: path, class: `rg-pocket rg-${game.colours[label]}` }, spinner);
        const am = (i * step - 90) * Math.PI / 180;
        const t = Kit.svg("text", { x: c + (r - 14) * Math.cos(am), y: c + (r - 14) * Math.sin(am), class: "rg-label",
          transform: `rotate(${i * step} ${c + (r - 14) * Math.cos(am)} ${c + (r - 14) * Math.sin(am)})` }, spinner);
        t.textContent = label;
      });
      Kit.svg("circle", { cx: c, cy: c, r: 48, class: "rg-hub" }, svg);
      const centre = Kit.svg("text", { x: c, y: c + 8, class: "rg-centre", id: "rg-centre" }, svg);
      centre.textContent = "";
      Kit.svg("path", { d: `M${c - 8},2 L${c + 8},2 L${c},20 Z`, class: "rg-pointer" }, svg);
      this.turns = 0;
    },
    show(game, outcome, animate) {
      const pockets = game.wheel, step = 360 / pockets.length;
      const first = outcome.pockets[0];
      this.turns += animate ? 3 : 0;
      const angle = this.turns * 360 - pockets.indexOf(first) * step;
      const spinner = $("board").querySelector(".rg-spinner");
      spinner.style.transition = animate ? "transform 3.5s cubic-bezier(.15,.6,.2,1)" : "none";
      spinner.style.transform = `rotate(${angle}deg)`;
      const centre = $("rg-centre");
      centre.textContent = outcome.pockets.join(" · ");
      centre.setAttribute("class", `rg-centre rg-text-${game.colours[first]}`);
    },
  };
})();
