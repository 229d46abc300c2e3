// Board of Spades (partners and solo). Rebuilt from each state message: the viewer sits
// at the bottom and play goes clockwise (the next seat is on the viewer's left), partners
// sit opposite. Every move offered is one of msg.legal, sent as it is; spectators and the
// replay get the same table without controls.
(function () {
  "use strict";
  const { el, card: kitCard } = window.Kit;

  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const RANK_WORDS = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
  const RED = new Set(["D", "H"]);
  const PLACES = ["bottom", "left", "top", "right"];

  let current = null;

  // ---- words ---------------------------------------------------------------------

  function cardWords(card) {
    return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]]}`;
  }

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return player ? player.name : `Player ${seat + 1}`;
  }

  function partners(msg) {
    return msg.view.mode === "partners";
  }

  function sideOf(msg, seat) {
    return msg.view.sides.findIndex((side) => side.includes(seat));
  }

  function sideName(msg, index) {
    return msg.view.sides[index].map((s) => nameOf(msg, s)).join(" & ");
  }

  function viewer(msg) {
    return msg.seat === null || msg.seat === undefined ? 0 : msg.seat;
  }

  function placeOf(msg, seat) {
    return PLACES[(seat - viewer(msg) + 4) % 4];
  }

  function toAct(msg) {
    return msg.to_act || [];
  }

  function bidText(bid) {
    if (!bid) return "";
    if (bid.tricks === 0) return bid.blind ? "Blind nil" : "Nil";
    return `Bid ${bid.tricks}`;
  }

  function signed(points) {
    return points > 0 ? `+${points}` : String(points);
  }

  // ---- cards ---------------------------------------------------------------------

  function cardFace(card, tag) {
    const node = kitCard(card, "sp-card" + (RED.has(card[1]) ? " sp-red" : ""), tag);
    node.setAttribute("aria-label", cardWords(card));
    return node;
  }

  function cardBack(className) {
    const node = el("div", "sp-card sp-back" + (className ? " " + className : ""));
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  // ---- scores --------------------------------------------------------------------

  // What a side bid and took this round (its nils apart), for the score panel.
  function roundLine(msg, index) {
    const v = msg.view;
    const seats = v.sides[index];
    const bids = seats.map((s) => v.bids[s]);
    if (bids.some((b) => !b)) return bids.every((b) => !b) ? "" : "bidding…";
    const contract = bids.reduce((sum, b) => sum + b.tricks, 0);
    const took = seats.filter((s) => v.bids[s].tricks > 0).reduce((sum, s) => sum + v.taken[s], 0);
    const nils = seats.filter((s) => v.bids[s].tricks === 0).map((s) => bidText(v.bids[s]));
    const parts = [];
    if (contract) parts.push(`bid ${contract} · took ${took}`);
    parts.push(...nils);
    return parts.join(" · ");
  }

  function scores(msg) {
    const v = msg.view;
    const box = el("div", "sp-scores" + (partners(msg) ? "" : " sp-solo"));
    const mine = msg.seat === null ? null : sideOf(msg, msg.seat);
    v.sides.forEach((_, index) => {
      const cell = el("div", "sp-side" + (index === mine ? " sp-ours" : ""));
      cell.dataset.side = index;
      cell.append(
        el("small", "sp-who", sideName(msg, index)),
        el("b", "sp-score", String(v.scores[index])),
        el("small", "sp-bags", `bags ${v.bags[index]}/${v.options.bag_limit}`)
      );
      const line = roundLine(msg, index);
      if (line) cell.appendChild(el("small", "sp-line", line));
      box.appendChild(cell);
    });
    return box;
  }

  function facts(msg) {
    const v = msg.view;
    const row = el("div", "sp-facts");
    const chip = (text, strong) => row.appendChild(el("span", "sp-chip" + (strong ? " sp-strong" : ""), text));
    chip(`Round ${v.round} of ${v.max_rounds} at most`);
    chip(`Play to ${v.options.target} · out below ${v.options.elimination}`);
    chip(`${v.options.bag_limit} bags: ${-v.options.bag_penalty}`);
    if (v.phase === "play") chip(v.broken ? "Spades broken" : "Spades not broken", v.broken);
    return row;
  }

  // ---- the table -----------------------------------------------------------------

  function seatBox(msg, seat) {
    const v = msg.view;
    const { box, tag } = window.Kit.seatBox("sp", msg, seat, {
      place: placeOf(msg, seat),
      active: toAct(msg).includes(seat),
      name: nameOf(msg, seat),
      back: cardBack,
      botWord: "computer",
    });
    if (v.bids[seat]) tag(bidText(v.bids[seat]), "sp-bid");
    if (v.phase !== "bid" || v.taken[seat]) tag(`took ${v.taken[seat]}`, "sp-took");
    return box;
  }

  function trickCards(msg, plays, winner) {
    const grid = el("div", "sp-trick");
    plays.forEach((p) => {
      const card = cardFace(p.card);
      card.classList.add(`sp-at-${placeOf(msg, p.seat)}`);
      if (p.seat === winner) card.classList.add("sp-won");
      grid.appendChild(card);
    });
    return grid;
  }

  function center(msg) {
    const v = msg.view;
    const box = el("div", "sp-center");
    const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    if (v.trick.length) {
      box.appendChild(trickCards(msg, v.trick, null));
    } else if (last && v.phase === "play") {
      const shown = trickCards(msg, last.cards, last.winner);
      shown.classList.add("sp-faded");
      box.append(shown, el("div", "sp-caption", `${nameOf(msg, last.winner)} took the last trick`));
    } else if (v.phase === "bid") {
      box.append(el("div", "sp-big", "Bidding"), el("div", "sp-caption", `${nameOf(msg, (v.dealer + 1) % 4)} bid${(v.dealer + 1) % 4 === msg.seat ? "" : "s"} first`));
    } else if (v.phase === "play") {
      const leader = (v.dealer + 1) % 4;
      box.appendChild(el("div", "sp-caption", `${nameOf(msg, leader)} ${leader === msg.seat ? "lead" : "leads"}: any suit but spades`));
    }
    return box;
  }

  function table(msg) {
    const grid = el("div", "sp-table");
    for (let seat = 0; seat < 4; seat++) grid.appendChild(seatBox(msg, seat));
    grid.appendChild(center(msg));
    return grid;
  }

  // ---- the player's hand ---------------------------------------------------------

  function playableCards(msg) {
    return new Set((msg.legal || []).filter((a) => a.type === "play").map((a) => a.card));
  }

  function hand(msg, send) {
    const v = msg.view;
    if (msg.seat === null) return null;
    const row = el("div", "sp-hand");
    if (!v.hand) {
      // Blind nil is still possible: the cards stay face down until the player looks.
      row.classList.add("sp-unseen");
      row.style.setProperty("--n", v.hand_sizes[msg.seat]);
      for (let i = 0; i < v.hand_sizes[msg.seat]; i++) row.appendChild(cardBack());
      return row;
    }
    if (!v.hand.length) return null;
    const playable = playableCards(msg);
    row.style.setProperty("--n", Math.max(v.hand.length, 2));
    v.hand.forEach((card) => {
      const node = cardFace(card, "button");
      const legal = playable.has(card);
      node.type = "button";
      node.disabled = !legal;
      node.classList.toggle("sp-legal", legal);
      node.classList.toggle("sp-dim", playable.size > 0 && !legal);
      if (legal) node.addEventListener("click", () => send({ type: "play", card: card }));
      row.appendChild(node);
    });
    return row;
  }

  // ---- bidding -------------------------------------------------------------------

  // `move` names the kind of move the button sends (data-move), for people's tools and tests.
  function button(text, className, onClick, move) {
    const b = el("button", "sp-btn" + (className ? " " + className : ""), text);
    b.type = "button";
    if (move) b.dataset.move = move;
    b.addEventListener("click", onClick);
    return b;
  }

  function biddingPanel(msg, send) {
    const legal = msg.legal || [];
    const box = el("div", "sp-controls");
    if (legal.some((a) => a.type === "look")) {
      box.appendChild(el("p", "sp-note", "Blind nil: bid to take no trick at all, before you see your cards (+200 if you take none, −200 if you take any)."));
      const row = el("div", "sp-row");
      row.append(
        button("Blind nil", "sp-danger", () => send({ type: "blind_nil" }), "blind_nil"),
        button("Look at my cards", "sp-primary", () => send({ type: "look" }), "look")
      );
      box.appendChild(row);
      return box;
    }
    const bids = legal.filter((a) => a.type === "bid");
    if (!bids.length) return null;
    const nil = partners(msg) ? 100 : 50;
    const grid = el("div", "sp-values");
    bids.forEach((a) => {
      const b = button(a.tricks === 0 ? "Nil" : String(a.tricks), a.tricks === 0 ? "sp-nil" : "", () => send(a), "bid");
      b.dataset.tricks = a.tricks;
      b.setAttribute("aria-label", a.tricks === 0 ? `Nil: take no trick (±${nil})` : `Bid ${a.tricks} tricks`);
      grid.appendChild(b);
    });
    box.append(el("p", "sp-note", `How many tricks will you take? Nil: none at all (±${nil}).`), grid);
    return box;
  }

  // ---- words about the game ------------------------------------------------------

  function prompt(msg) {
    const v = msg.view;
    if (v.result) return resultText(msg);
    const acting = toAct(msg);
    if (!acting.length) return "";
    const who = acting[0];
    if (who === msg.seat) {
      const kinds = new Set((msg.legal || []).map((a) => a.type));
      if (kinds.has("look")) return "Bid blind nil before looking, or look at your cards";
      if (kinds.has("bid")) return "Your bid: how many tricks will you take?";
      return "Your turn: tap a card to play it";
    }
    return `${nameOf(msg, who)} ${v.phase === "bid" ? "is bidding" : "is playing"}…`;
  }

  function resultText(msg) {
    const v = msg.view;
    const r = v.result;
    const best = Math.max(...v.scores);
    const leaders = v.sides.map((_, i) => i).filter((i) => v.scores[i] === best);
    if (r.reason === "forfeit") return `${nameOf(msg, r.forfeited)} left the game.`;
    if (leaders.length === v.sides.length) return "A tie: every buy-in goes back.";
    const names = leaders.map((i) => sideName(msg, i)).join(" and ");
    const why = { "target reached": "reached the target", eliminated: "a side dropped below the limit", "last round played": "after the last round" }[r.reason] || r.reason;
    const plural = names === "You" || names.includes(" & ") || leaders.length > 1;
    return `${names} ${plural ? "win" : "wins"} with ${best}: ${why}.`;
  }

  function history(msg) {
    const v = msg.view;
    if (!v.history.length) return null;
    const box = el("details", "sp-history");
    box.open = !!v.result;
    box.appendChild(el("summary", "", `Rounds played: ${v.history.length}`));
    const t = el("table");
    const head = el("tr");
    head.appendChild(el("th", "", "#"));
    v.sides.forEach((_, i) => head.appendChild(el("th", "", sideName(msg, i))));
    t.appendChild(head);
    v.history.forEach((round) => {
      const tr = el("tr");
      tr.appendChild(el("td", "", String(round.round)));
      round.sides.forEach((side, i) => {
        const parts = [];
        if (side.contract) parts.push(`${side.tricks}/${side.contract} ${signed(side.contract_points)}`);
        side.nils.forEach((n) => parts.push(`${n.blind ? "blind nil" : "nil"} ${signed(n.points)}`));
        if (side.bag_penalty) parts.push(`bags ${side.bag_penalty}`);
        const cell = el("td");
        cell.append(el("b", "", signed(side.points)), el("small", "", " " + parts.join(", ")), el("div", "sp-total", `= ${round.scores[i]}`));
        tr.appendChild(cell);
      });
      t.appendChild(tr);
    });
    box.appendChild(t);
    return box;
  }

  // ---- putting it together -------------------------------------------------------

  function shownSeq() {
    return current && current.msg.seq;
  }

  function rerender() {
    if (current) render(current.root, current.msg, current.act, current.say);
  }

  function render(root, msg, act, say) {
    current = { root: root, msg: msg, act: act, say: say };
    const board = el("div", "sp-board");
    const send = window.Kit.oneMoveAtATime(board, act, msg.seq, shownSeq, rerender);
    board.append(scores(msg), facts(msg), table(msg));
    const result = msg.view.result ? el("p", "sp-result", resultText(msg)) : null;
    const mine = msg.seat !== null && msg.view.phase === "bid" ? biddingPanel(msg, send) : null;
    [mine, hand(msg, send), result, history(msg)].forEach((part) => { if (part) board.appendChild(part); });
    root.replaceChildren(board);
    say(prompt(msg));
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards.spades = { render: render };
})();
