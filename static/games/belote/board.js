// Board of the Belote family (Pilotta, Classic Pilotta, Classic Belote, Open Belote).
// Rebuilt from each state message: the viewer sits at the bottom, play goes anti-clockwise
// (the next seat is on the right), partners sit opposite. Every move offered is one of
// msg.legal, sent as it is; spectators and the replay get the same table without controls.
(function () {
  "use strict";
  const { el, card: kitCard } = window.Kit;

  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "no trump" };
  const RANK_WORDS = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
  const RED = new Set(["D", "H"]);
  const PLACES = ["bottom", "right", "top", "left"];

  // Interaction that lives between two state messages (chosen bid value, Change card mode).
  let ui = { seq: null };
  let current = null;

  // ---- words ---------------------------------------------------------------------

  function rankText(card) {
    return card[0] === "T" ? "10" : card[0];
  }

  function cardWords(card) {
    return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]]}`;
  }

  function suitSpan(suit) {
    if (suit === "NT") return el("span", "", "No trump");
    return el("span", RED.has(suit) ? "bl-red" : "", SUITS[suit]);
  }

  function withSuit(text, suit) {
    const span = el("span", "", text ? text + " " : "");
    span.appendChild(suitSpan(suit));
    return span;
  }

  function inlineCard(card) {
    return el("span", "bl-nowrap" + (RED.has(card[1]) ? " bl-red" : ""), rankText(card) + SUITS[card[1]]);
  }

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return player ? player.name : `Player ${seat + 1}`;
  }

  function side(seat) {
    return seat % 2; // partners sit opposite; at two seats each player is a side
  }

  function sideName(msg, team) {
    const seats = [];
    for (let s = 0; s < msg.view.seats; s++) if (side(s) === team) seats.push(s);
    return seats.map((s) => nameOf(msg, s)).join(" & ");
  }

  function viewer(msg) {
    return msg.seat === null || msg.seat === undefined ? 0 : msg.seat;
  }

  function placeOf(msg, seat) {
    const n = msg.view.seats;
    const turn = (seat - viewer(msg) + n) % n;
    return PLACES[n === 2 ? turn * 2 : turn];
  }

  function toAct(msg) {
    return msg.to_act && msg.to_act.length ? msg.to_act : msg.view.to_act || [];
  }

  function announceText(announce) {
    if (announce.kind === "carre") return `Four of a kind (${announce.points})`;
    const name = announce.length === 3 ? "Tierce" : `Sequence of ${Math.min(announce.length, 5)}`;
    return `${name} (${announce.points})`;
  }

  function callNode(entry) {
    switch (entry.type) {
      case "bid":
        return withSuit(entry.value === "capot" ? "Capot" : String(entry.value), entry.suit);
      case "name":
        return entry.suit === "NT" ? el("span", "", "No trump") : withSuit("", entry.suit);
      case "take":
        return el("span", "", entry.swap_seven ? "Take, swap 7" : "Take");
      default:
        return el("span", "", entry.type[0].toUpperCase() + entry.type.slice(1));
    }
  }

  // ---- cards ---------------------------------------------------------------------

  function cardFace(card, tag) {
    const node = kitCard(card, "bl-card" + (RED.has(card[1]) ? " bl-red" : ""), tag);
    node.setAttribute("aria-label", cardWords(card));
    return node;
  }

  function cardBack(className) {
    const node = el("div", "bl-card bl-back" + (className ? " " + className : ""));
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  function cardList(cards) {
    const span = el("span", "bl-inline");
    cards.forEach((c) => span.appendChild(cardFace(c, "span")));
    return span;
  }

  // ---- the table -----------------------------------------------------------------

  function scores(msg) {
    const v = msg.view;
    const box = el("div", "bl-scores");
    const mine = msg.seat === null ? null : side(msg.seat);
    const target = v.options.target;
    const wins = v.game !== "pilotta" && v.game !== "classic-pilotta" && target <= 11;
    [0, 1].forEach((team) => {
      const cell = el("div", "bl-side" + (team === mine ? " bl-ours" : ""));
      cell.append(el("small", "", sideName(msg, team)), el("b", "", String(v.scores[team])));
      box.appendChild(cell);
      if (team === 0) box.appendChild(el("div", "bl-target", wins ? `First to ${target} win${target > 1 ? "s" : ""}` : `Play to ${target}`));
    });
    return box;
  }

  function facts(msg) {
    const v = msg.view;
    const row = el("div", "bl-facts");
    const chip = (content, strong) => {
      const c = el("span", "bl-chip" + (strong ? " bl-strong" : ""));
      c.append(...[].concat(content));
      row.appendChild(c);
    };
    chip(`Hand ${v.hand_no}`);
    if (v.trump) chip([document.createTextNode("Trump "), suitSpan(v.trump)], true);
    else if (v.bid) chip([document.createTextNode("Bid "), callNode({ type: "bid", ...v.bid }), document.createTextNode(` · ${nameOf(msg, v.bid.seat)}`)], true);
    else if (v.turned) chip([document.createTextNode("Turned "), inlineCard(v.turned)], true);
    if (v.contract) chip(v.contract.capot ? "Contract: capot" : `Contract ${v.contract.value}`);
    if (v.taker !== null && v.taker !== undefined) chip(`Taker: ${nameOf(msg, v.taker)}`);
    if (v.contra === 2) chip("Contra ×2", true);
    if (v.contra === 4) chip("Recontra ×4", true);
    const most = v.options.double_stake || 1;
    if (most > 1) chip(`Stake ×${v.multiplier} (up to ×${most})`, v.multiplier > 1);
    if (v.phase === "play" && v.tricks.length) chip(`This hand ${v.trick_points[0]} – ${v.trick_points[1]}`);
    const last = v.history[v.history.length - 1];
    if (last && !v.tricks.length) chip(`Hand ${last.hand_no}: +${last.points[0]} – +${last.points[1]}, ${last.made ? "made" : "failed"}`);
    return row;
  }

  function seatBox(msg, seat) {
    const v = msg.view;
    const { box, tag } = window.Kit.seatBox("bl", msg, seat, {
      place: placeOf(msg, seat),
      active: toAct(msg).includes(seat),
      name: nameOf(msg, seat),
      back: cardBack,
      botWord: "bot",
    });
    const call = lastCall(v, seat);
    if (call) tag(callNode(call), "bl-call");
    if (v.piles && seat !== msg.seat && placeOf(msg, seat) === "top") box.appendChild(piles(msg, seat, null));
    return box;
  }

  function lastCall(v, seat) {
    if (v.phase === "play" || v.phase === "over") return null;
    const calls = v.auction.filter((a) => a.seat === seat);
    return calls.length ? calls[calls.length - 1] : null;
  }

  function trickCards(msg, plays, winner) {
    const grid = el("div", "bl-trick");
    plays.forEach((p) => {
      const card = cardFace(p.card);
      card.classList.add(`bl-at-${placeOf(msg, p.seat)}`);
      if (p.seat === winner) card.classList.add("bl-won");
      grid.appendChild(card);
    });
    return grid;
  }

  function center(msg) {
    const v = msg.view;
    const box = el("div", "bl-center");
    if (v.trick.length) {
      box.appendChild(trickCards(msg, v.trick, null));
    } else if (v.last_trick && (v.phase === "play" || v.phase === "over")) {
      const last = trickCards(msg, v.last_trick.cards, v.last_trick.winner);
      last.classList.add("bl-faded");
      box.append(last, el("div", "bl-caption", `Last trick: ${nameOf(msg, v.last_trick.winner)} (+${v.last_trick.points})`));
    } else if (v.turned && (v.phase === "trump" || v.phase === "contra")) {
      box.append(cardFace(v.turned), el("div", "bl-caption", v.round === 2 ? "Turned card (round 2: name another suit)" : "Turned card"));
    } else if (v.phase === "bidding" || v.phase === "contra") {
      const big = el("div", "bl-big");
      big.appendChild(v.bid ? callNode({ type: "bid", ...v.bid }) : el("span", "", "No bid yet"));
      box.appendChild(big);
      if (v.bid) box.appendChild(el("div", "bl-caption", `by ${nameOf(msg, v.bid.seat)}`));
    } else if (v.phase === "trump") {
      box.appendChild(el("div", "bl-caption", v.round === 2 ? "All top cards are open: name a trump" : "Choose the trump"));
    } else if (v.phase === "play") {
      box.appendChild(el("div", "bl-caption", `${nameOf(msg, v.first)} ${v.first === msg.seat ? "lead" : "leads"} the first trick`));
    }
    if (v.pending_double) {
      box.appendChild(el("div", "bl-big", `Double to ×${v.multiplier * 2}?`));
    }
    return box;
  }

  function piles(msg, seat, send) {
    const row = el("div", "bl-piles");
    const playable = playableCards(msg);
    msg.view.piles[seat].forEach((pile) => {
      const slot = el("div", "bl-pile" + (pile.count ? "" : " bl-empty"));
      if (pile.count > 1) slot.appendChild(cardBack("bl-under"));
      if (pile.top) {
        const card = cardFace(pile.top, send ? "button" : "div");
        if (send) tapToPlay(card, playable.has(pile.top), playable.size > 0, send);
        slot.appendChild(card);
      } else if (pile.count) {
        slot.appendChild(cardBack());
      }
      row.appendChild(slot);
    });
    return row;
  }

  function playableCards(msg) {
    return new Set((msg.legal || []).filter((a) => a.type === "play").map((a) => a.card));
  }

  function tapToPlay(node, legal, choosing, send) {
    node.type = "button";
    node.disabled = !legal;
    node.classList.toggle("bl-legal", legal);
    node.classList.toggle("bl-dim", choosing && !legal);
    if (legal) node.addEventListener("click", () => send({ type: "play", card: node.dataset.card }));
  }

  function table(msg, send) {
    const v = msg.view;
    const grid = el("div", "bl-table" + (v.seats === 2 ? " bl-two" : ""));
    for (let seat = 0; seat < v.seats; seat++) grid.appendChild(seatBox(msg, seat));
    grid.appendChild(center(msg));
    if (v.piles) {
      const bottom = grid.querySelector(".bl-seat-bottom");
      if (msg.seat === null) {
        bottom.appendChild(piles(msg, viewer(msg), null));
      } else {
        // The player's own cards take the whole width under their seat.
        const own = piles(msg, msg.seat, send);
        own.classList.add("bl-own-piles");
        bottom.after(own);
      }
    }
    return grid;
  }

  // ---- the player's hand ---------------------------------------------------------

  function hand(msg, send) {
    const v = msg.view;
    if (msg.seat === null || v.piles || !v.hand || !v.hand.length) return null;
    const row = el("div", "bl-hand");
    const cards = v.hand;
    const playable = playableCards(msg);
    const changeable = new Set(msg.legal.filter((a) => a.type === "change_card").map((a) => a.card));
    const middle = (cards.length - 1) / 2;
    row.style.setProperty("--n", Math.max(cards.length, 2));
    cards.forEach((card, i) => {
      const node = cardFace(card, "button");
      const legal = ui.changing ? changeable.has(card) : playable.has(card);
      const tilt = cards.length > 1 ? (i - middle) * (24 / cards.length) : 0;
      const drop = Math.abs(i - middle) ** 2 * (10 / cards.length);
      node.style.transform = `translateY(${drop - (legal ? 10 : 0)}px) rotate(${tilt}deg)`;
      node.type = "button";
      node.disabled = !legal;
      node.classList.toggle("bl-legal", legal);
      node.classList.toggle("bl-dim", (ui.changing || playable.size > 0) && !legal);
      if (legal) {
        node.addEventListener("click", () =>
          send(ui.changing ? { type: "change_card", card: card } : { type: "play", card: card })
        );
      }
      row.appendChild(node);
    });
    return row;
  }

  // ---- moves other than cards ----------------------------------------------------

  // `move` names the kind of move the button sends (data-move), for people's tools and tests.
  function button(content, className, onClick, move) {
    const b = el("button", "bl-btn" + (className ? " " + className : ""));
    b.type = "button";
    if (move) b.dataset.move = move;
    b.append(...[].concat(content));
    b.addEventListener("click", onClick);
    return b;
  }

  function suitButton(suit, label, onClick, move) {
    const b = button([el("span", "bl-sym", suit === "NT" ? "NT" : SUITS[suit]), el("span", "", label)], RED.has(suit) ? "bl-red" : "", onClick, move);
    b.setAttribute("aria-label", `${label} ${SUIT_WORDS[suit]}`);
    return b;
  }

  function row(className) {
    return el("div", "bl-row" + (className ? " " + className : ""));
  }

  function biddingBox(msg, bids, send) {
    const values = [];
    bids.forEach((b) => { if (!values.includes(b.value)) values.push(b.value); });
    if (!values.includes(ui.bid)) ui.bid = values[0];
    const box = el("div", "bl-controls");
    const grid = el("div", "bl-values");
    values.forEach((value) => {
      const label = value === "capot" ? "Capot" : String(value);
      grid.appendChild(button(label, value === ui.bid ? "bl-on" : "", () => { ui.bid = value; rerender(); }));
    });
    const suits = row("bl-suits");
    ["C", "D", "H", "S"].forEach((suit) => {
      const action = bids.find((b) => b.value === ui.bid && b.suit === suit);
      if (action) suits.appendChild(suitButton(suit, `Bid ${ui.bid === "capot" ? "capot" : ui.bid}`, () => send(action), "bid"));
    });
    box.append(grid, suits);
    return box;
  }

  function trumpChoices(msg, names, send) {
    const box = el("div", "bl-controls");
    const openable = names.some((a) => "take_open" in a);
    const choices = row("bl-suits");
    box.appendChild(choices);
    if (openable) {
      const label = el("label", "bl-toggle");
      const check = el("input");
      check.type = "checkbox";
      check.checked = !!ui.takeOpen;
      check.addEventListener("change", () => { ui.takeOpen = check.checked; });
      label.append(check, document.createTextNode("Take the turned card "), inlineCard(msg.view.turned));
      box.appendChild(label);
    }
    names.filter((a) => !a.take_open).forEach((a) => {
      const label = a.suit === "NT" ? "No trump" : SUIT_WORDS[a.suit][0].toUpperCase() + SUIT_WORDS[a.suit].slice(1);
      choices.appendChild(suitButton(a.suit, label, () => {
        const chosen = openable ? names.find((b) => b.suit === a.suit && b.take_open === !!ui.takeOpen) : a;
        send(chosen);
      }, "name"));
    });
    return box;
  }

  function comboLabel(cards) {
    const sameRank = cards.every((c) => c[0] === cards[0][0]);
    const name = sameRank ? "four of a kind" : cards.length === 3 ? "tierce" : `sequence of ${Math.min(cards.length, 5)}`;
    const span = el("span", "", `Announce ${name}: `);
    cards.forEach((c, i) => { if (i) span.append(" "); span.appendChild(inlineCard(c)); });
    return span;
  }

  function controls(msg, send) {
    const legal = msg.legal || [];
    if (msg.seat === null || !legal.length) return null;
    const v = msg.view;
    const of = (type) => legal.filter((a) => a.type === type);
    const box = el("div", "bl-controls");
    const main = row();
    if (of("accept").length) {
      main.append(
        button(`Accept ×${v.multiplier * 2}`, "bl-primary", () => send({ type: "accept" }), "accept"),
        button("Surrender the game", "bl-danger", () => {
          if (confirm("Surrender? You lose the game at the current stake.")) send({ type: "surrender" });
        }, "surrender")
      );
    }
    if (of("bid").length) box.appendChild(biddingBox(msg, of("bid"), send));
    of("take").forEach((a) => {
      const label = a.swap_seven
        ? ["Take, swap ", inlineCard("7" + v.turned[1]), " for ", inlineCard(v.turned)]
        : withSuit("Take", v.turned[1]);
      main.appendChild(button(label, "bl-primary", () => send(a), "take"));
    });
    if (of("name").length) box.appendChild(trumpChoices(msg, of("name"), send));
    ["contra", "recontra"].forEach((type) => {
      if (of(type).length) main.appendChild(button(`${type[0].toUpperCase()}${type.slice(1)} ×${type === "contra" ? 2 : 4}`, "bl-primary", () => send({ type: type }), type));
    });
    if (of("pass").length) main.appendChild(button("Pass", "", () => send({ type: "pass" }), "pass"));
    of("declare").forEach((a) => {
      main.appendChild(button(a.cards ? comboLabel(a.cards) : "Declare my combinations", "bl-primary", () => send(a), "declare"));
    });
    if (of("show").length) main.appendChild(button("Show my combination", "bl-primary", () => send({ type: "show" }), "show"));
    if (of("change_card").length) {
      main.appendChild(button(ui.changing ? "Cancel: play a card instead" : "Change a card (10% of the stake)", ui.changing ? "bl-on" : "", () => {
        ui.changing = !ui.changing;
        rerender();
      }, "change_card"));
    }
    if (of("double").length) main.appendChild(button(`Double the stake ×${v.multiplier * 2}`, "bl-danger", () => send({ type: "double" }), "double"));
    if (main.childNodes.length) box.appendChild(main);
    return box;
  }

  // ---- words about the game ------------------------------------------------------

  function prompt(msg) {
    const v = msg.view;
    if (v.result) return resultText(msg);
    const acting = toAct(msg);
    if (!acting.length) return "";
    const who = acting[0];
    const mine = who === msg.seat;
    const kinds = new Set((msg.legal || []).map((a) => a.type));
    if (v.pending_double) {
      return mine ? `${nameOf(msg, v.pending_double.by)} doubled the stake: accept or surrender` : `${nameOf(msg, who)} is answering the double`;
    }
    if (mine && ui.changing) return "Tap the card to give up";
    if (mine) {
      if (v.phase === "bidding") return "Your bid: choose a value, then a suit, or pass";
      if (v.phase === "contra") return `Say ${kinds.has("recontra") ? "recontra" : "contra"} or pass`;
      if (v.phase === "trump") {
        if (kinds.has("take")) return kinds.has("pass") ? "Take the turned suit as trump, or pass" : "You must take the turned jack";
        return kinds.has("pass") ? "Name a trump, or pass" : "You must name the trump";
      }
      return "Your turn: tap a card to play it";
    }
    const doing = { bidding: "is bidding", contra: "may say contra", trump: "is choosing the trump", play: "is playing" };
    return `${nameOf(msg, who)} ${doing[v.phase] || "is thinking"}…`;
  }

  function resultText(msg) {
    const r = msg.view.result;
    const winners = sideName(msg, r.winner);
    const verb = winners === "You" || winners.includes(" & ") ? "win" : "wins";
    const why = {
      "target reached": "reached the target",
      forfeit: r.seat !== null ? `${nameOf(msg, r.seat)} left the game` : "forfeit",
      "double stake declined": r.seat !== null ? `${nameOf(msg, r.seat)} declined the double` : "the double was declined",
    }[r.reason] || r.reason;
    return `${winners} ${verb}: ${why}.`;
  }

  function notes(msg) {
    const v = msg.view;
    const list = el("ul", "bl-notes");
    v.declarations.forEach((d) => {
      const item = el("li", "", `${nameOf(msg, d.seat)}: ${announceText(d.announce)}`);
      if (d.combos && (d.shown || d.seat === msg.seat)) {
        item.append(" ");
        d.combos.forEach((c) => item.appendChild(cardList(c.cards)));
      }
      if (d.counted) item.append(" \u2714 counts");
      else if (!d.shown && d.seat === msg.seat) item.append(" (not shown yet)");
      list.appendChild(item);
    });
    v.belote.forEach((b) => {
      const item = el("li", "", `${nameOf(msg, b.seat)}: ${b.call === "belote" ? "Belote" : "Rebelote"} with `);
      item.appendChild(inlineCard(b.card));
      list.appendChild(item);
    });
    v.changes.forEach((c) => {
      const item = el("li", "", `${nameOf(msg, c.seat)} changed a card`);
      if (c.out) {
        item.textContent = "You changed ";
        item.append(inlineCard(c.out), " for ", inlineCard(c.in));
      }
      list.appendChild(item);
    });
    return list.childNodes.length ? list : null;
  }

  function history(msg) {
    const v = msg.view;
    if (!v.history.length) return null;
    const box = el("details", "bl-history");
    box.appendChild(el("summary", "", `Hands played: ${v.history.length}`));
    const t = el("table");
    const head = el("tr");
    ["#", "Trump", "Taker", "", sideName(msg, 0), sideName(msg, 1)].forEach((h) => head.appendChild(el("th", "", h)));
    t.appendChild(head);
    v.history.slice().reverse().forEach((h) => {
      const tr = el("tr");
      const trump = el("td");
      trump.appendChild(suitSpan(h.trump));
      const made = h.made ? "made" : "failed";
      tr.append(el("td", "", String(h.hand_no)), trump, el("td", "", nameOf(msg, h.taker)),
        el("td", "", h.capot !== null && h.capot !== undefined ? `${made}, capot` : made),
        el("td", "", `+${h.points[0]}`), el("td", "", `+${h.points[1]}`));
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
    if (ui.seq !== msg.seq) ui = { seq: msg.seq, bid: ui.bid };
    current = { root: root, msg: msg, act: act, say: say };
    const board = el("div", "bl-board");
    const moved = (action) => { ui.changing = false; act(action); };
    const send = window.Kit.oneMoveAtATime(board, moved, msg.seq, shownSeq, rerender);
    board.append(scores(msg), facts(msg), table(msg, send));
    // The result stays on the table; what to do next goes to the page's status line.
    const result = msg.view.result ? el("p", "bl-result", resultText(msg)) : null;
    const parts = [hand(msg, send), result, controls(msg, send), notes(msg), history(msg)];
    parts.forEach((part) => { if (part) board.appendChild(part); });
    root.replaceChildren(board);
    say(prompt(msg));
  }

  window.GameBoards = window.GameBoards || {};
  ["pilotta", "classic-pilotta", "belote", "open-belote"].forEach((slug) => {
    window.GameBoards[slug] = { render: render };
  });
})();
