// Cards: each place the game deals to (game.hands) as a row on the felt, the committed cards
// dealt into them one by one in the order the table deals them. Baccarat shows each hand's
// points, Andar Bahar marks the card that wins, Hi Lo names the card the next round is
// against; War of Bets and Peek Baccarat show the peek's cards before the result. A board of the round-game page (rounds.js): draw(game) once, show(game, outcome,
// animate) for every result.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let against = null; // Hi Lo: the last card that was not the Joker

  function card(code) {
    if (typeof code === "number") return Kit.die(code, "cd-die");
    if (code.startsWith("JOKER")) {
      const colour = code === "JOKER-R" ? " kit-red" : code === "JOKER-B" ? " cd-black" : "";
      const joker = Kit.el("div", `kit-card cd-joker${colour}`, "★");
      joker.dataset.card = code;
      joker.title = "Joker";
      return joker;
    }
    return Kit.card(code, "cd-card");
  }

  function back() {
    return Kit.el("div", "kit-card cd-back");
  }

  // Baccarat points: A 1, 2 to 9 their face, 10 and pictures 0; the last digit of the sum.
  function points(cards) {
    return cards.reduce((sum, c) => sum + ("A23456789".indexOf(c[0]) + 1), 0) % 10;
  }

  // The order the table deals in: round the places, card by card (Player, Banker, Player,
  // Banker, ...), or place after place where the game says so (Side Bet Poker's 3, 2 and
  // 2 cards); Andar Bahar opens the Joker card, then the side drawn to start.
  function dealOrder(game, outcome) {
    let keys = game.hands.map((h) => h.key);
    const order = [];
    if (game.in_order) {
      for (const k of keys) (outcome[k] || []).forEach((_, i) => order.push([k, i]));
      return order;
    }
    if (outcome.first) {
      order.push([keys[0], 0]);
      keys = keys.slice(1);
      if (outcome.first !== keys[0]) keys.reverse();
    }
    const longest = Math.max(...keys.map((k) => (outcome[k] || []).length));
    for (let i = 0; i < longest; i++) {
      for (const k of keys) if (i < (outcome[k] || []).length) order.push([k, i]);
    }
    return order;
  }

  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.cards = {
    draw(game) {
      const felt = Kit.el("div", `cd-felt cd-${game.slug}`);
      for (const hand of game.hands) {
        const row = Kit.el("div", "cd-hand");
        row.dataset.hand = hand.key;
        const head = Kit.el("div", "cd-head");
        head.append(Kit.el("span", "cd-label", hand.label), Kit.el("span", "cd-points"));
        const cards = Kit.el("div", "cd-cards");
        cards.append(back(), ...(game.baccarat_points ? [back()] : []));
        row.append(head, cards);
        felt.appendChild(row);
      }
      if (game.slug === "hi-lo") felt.appendChild(Kit.el("p", "cd-note", "The next card against the last one shown."));
      $("board").appendChild(felt);
    },
    // The peek of a game with two windows: the cards it shows face up in their places,
    // the other places face down, until the result.
    peek(game, peek) {
      const felt = $("board").querySelector(".cd-felt");
      for (const row of felt.querySelectorAll(".cd-hand")) {
        row.classList.remove("cd-winner");
        row.querySelector(".cd-points").textContent = "";
        const shown = peek.cards[row.dataset.hand] || [];
        row.querySelector(".cd-cards").replaceChildren(...(shown.length ? shown.map(card) : [back()]));
      }
    },
    show(game, outcome, animate) {
      const felt = $("board").querySelector(".cd-felt");
      const rows = {};
      for (const row of felt.querySelectorAll(".cd-hand")) {
        rows[row.dataset.hand] = row;
        row.classList.remove("cd-winner");
        row.querySelector(".cd-cards").replaceChildren();
        row.querySelector(".cd-points").textContent = "";
      }
      const order = dealOrder(game, outcome);
      const step = Math.min(0.55, 7 / Math.max(order.length, 1));
      order.forEach(([key, i], n) => {
        const node = key === "burned" ? back() : card(outcome[key][i]);
        if (animate) {
          node.classList.add("cd-deal");
          node.style.animationDelay = `${(n * step).toFixed(2)}s`;
        }
        rows[key].querySelector(".cd-cards").appendChild(node);
      });
      const last = order[order.length - 1];
      if (outcome.multipliers) {
        // Lightning and Golden Wealth Baccarat: each struck card's multiplier, in order.
        rows[game.hands[0].key].querySelector(".cd-points").textContent = outcome.multipliers.map((m) => `x${m}`).join(" ");
      }
      if (game.baccarat_points) {
        const p = points(outcome.player), b = points(outcome.banker);
        rows.player.querySelector(".cd-points").textContent = String(p);
        rows.banker.querySelector(".cd-points").textContent = String(b);
        if (p !== b) rows[p > b ? "player" : "banker"].classList.add("cd-winner");
      } else if (game.dice_totals) {
        const [p, b] = ["player", "banker"].map((k) => outcome[k].reduce((sum, d) => sum + d, 0));
        rows.player.querySelector(".cd-points").textContent = String(p);
        rows.banker.querySelector(".cd-points").textContent = String(b);
        if (p !== b) rows[p > b ? "player" : "banker"].classList.add("cd-winner");
      } else if (game.starts) {
        const totals = {};
        for (const [key, start] of Object.entries(game.starts)) {
          totals[key] = outcome[key].reduce((sum, c) => sum + game.card_points[c[0]], start);
          rows[key].querySelector(".cd-points").textContent = String(totals[key]);
        }
        const best = Object.keys(totals).reduce((a, b) => (totals[b] > totals[a] ? b : a));
        rows[best].classList.add("cd-winner");
      } else if (outcome.first && last) {
        rows[last[0]].classList.add("cd-winner");
        rows[last[0]].querySelector(".cd-cards").lastChild.classList.add("cd-match");
      } else if (game.order && game.hands.length === 2) {
        const [a, b] = game.hands.map((h) => game.order.indexOf(outcome[h.key][0][0]));
        if (a !== b) rows[game.hands[a > b ? 0 : 1].key].classList.add("cd-winner");
      }
      if (game.slug === "hi-lo") {
        const shown = outcome.card[0];
        if (shown !== "JOKER") against = shown;
        const note = felt.querySelector(".cd-note");
        const name = { T: "10", J: "Jack", Q: "Queen", K: "King", A: "Ace" };
        note.textContent = against
          ? `Next round: Higher or Lower than ${name[against[0]] || against[0]}`
          : "The Joker is neither high nor low.";
      }
    },
  };
})();
