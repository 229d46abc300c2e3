// Dice: as many as the game throws, tumbling to the committed faces.
// A board of the round-game page (rounds.js): draw(game) once, show(game, outcome, animate)
// for every result; `game` is the game's public description, `outcome` the committed one.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.dice = {
    draw(game) {
      const row = Kit.el("div", "rg-dice");
      for (let i = 0; i < (game.dice_count || 2); i++) {
        const die = Kit.die(1, "rg-die");
        if (game.dice_colours) die.classList.add(`rg-die-${game.dice_colours[i]}`);
        row.appendChild(die);
      }
      $("board").appendChild(row);
    },
    show(game, outcome, animate) {
      const dice = $("board").querySelectorAll(".kit-die");
      outcome.dice.forEach((value, i) => {
        const fresh = Kit.die(value, dice[i].className.replace(" rg-tumble", ""));
        if (animate) fresh.classList.add("rg-tumble");
        dice[i].replaceWith(fresh);
      });
    },
  };
})();
