// Board of Koum-kan, Thanasis and Dynamitis. Rebuilt from each state message. The hand's
// order is the player's own: sorted by suit or by rank with a tap, or by dragging a card
// onto another (pointer events, so a finger works as well as a mouse). Tapping cards
// selects them; the buttons below send what the selection makes. The server judges every
// move: the board only sends, and a refusal comes back on the status line.
(function () {
  "use strict";
  const { el, card: kitCard } = window.Kit;

  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const RANK_WORDS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
  const RANKS = "A23456789TJQK";
  const SUITS = "CDHS";
  const JOKER = "XX";

  let current = null;
  let order = []; // the player's hand in the order they keep it
  let selected = []; // indexes into `order`
  let orderFor = null; // the game and hand the order belongs to

  // ---- words ---------------------------------------------------------------------

  function cardWords(card) {
    if (card === JOKER) return "joker";
    return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]]}`;
  }

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return player ? player.name : `Player ${seat + 1}`;
  }

  function wild(msg, card) {
    return card === JOKER || msg.view.wild_ranks.includes(card[0]);
  }

  // ---- cards ---------------------------------------------------------------------

  function cardFace(msg, card, tag) {
    let node;
    if (card === JOKER) {
      node = el(tag || "div", "kit-card rm-card rm-joker");
      node.append(el("span", "rm-joker-mark", "\u2605"), el("span", "rm-joker-word", "JOKER"));
      node.dataset.card = card;
    } else {
      node = kitCard(card, "rm-card", tag);
      if (wild(msg, card)) node.classList.add("rm-wild");
    }
    node.setAttribute("aria-label", cardWords(card) + (card !== JOKER && wild(msg, card) ? " (joker this hand)" : ""));
    return node;
  }

  function cardBack(className) {
    const node = el("div", "rm-card rm-back" + (className ? " " + className : ""));
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  // ---- the hand's order ----------------------------------------------------------

  // Keep the player's order for the cards still held; new cards go to the right.
  function reconcile(msg) {
    const key = `${msg.game || ""}:${msg.view.hand_number}`;
    const hand = msg.view.hand || [];
    if (orderFor !== key) {
      order = bySuit(hand);
      selected = [];
      orderFor = key;
      return;
    }
    const left = hand.slice();
    const kept = [];
    order.forEach((card) => {
      const at = left.indexOf(card);
      if (at >= 0) {
        kept.push(card);
        left.splice(at, 1);
      }
    });
    if (kept.length !== order.length || left.length) selected = [];
    order = kept.concat(left);
  }

  function rankIndex(card) {
    return card === JOKER ? 99 : RANKS.indexOf(card[0]);
  }

  function suitIndex(card) {
    return card === JOKER ? 9 : SUITS.indexOf(card[1]);
  }

  function bySuit(cards) {
    return cards.slice().sort((a, b) => suitIndex(a) - suitIndex(b) || rankIndex(a) - rankIndex(b));
  }

  function byRank(cards) {
    return cards.slice().sort((a, b) => rankIndex(a) - rankIndex(b) || suitIndex(a) - suitIndex(b));
  }

  function move(from, to) {
    const [card] = order.splice(from, 1);
    order.splice(to, 0, card);
    selected = [];
  }

  function chosen() {
    return selected.map((i) => order[i]);
  }

  // ---- the table -----------------------------------------------------------------

  function seats(msg) {
    const v = msg.view;
    const row = el("div", "rm-seats");
    for (let seat = 0; seat < v.seats; seat++) {
      const player = (msg.players || []).find((p) => p.seat === seat) || {};
      const out = v.out[seat] !== null;
      const box = el("div", "rm-seat" + (v.turn === seat ? " rm-active" : "") + (out ? " rm-out" : "") + (seat === msg.seat ? " rm-me" : ""));
      box.dataset.seat = seat;
      box.append(el("span", "rm-name", nameOf(msg, seat)), el("b", "rm-score", String(v.scores[seat])));
      const tags = el("div", "rm-tags");
      if (out) tags.appendChild(el("span", "rm-tag rm-tag-out", "out"));
      else {
        const count = el("span", "rm-tag");
        count.append(cardBack("rm-mini"), document.createTextNode(" " + v.hand_sizes[seat]));
        tags.appendChild(count);
      }
      if (seat === v.dealer && !out) tags.appendChild(el("span", "rm-tag", "dealer"));
      if (v.melding && v.melded[seat]) tags.appendChild(el("span", "rm-tag", "melded"));
      if (player.bot) tags.appendChild(el("span", "rm-tag", "computer"));
      box.appendChild(tags);
      row.appendChild(box);
    }
    return row;
  }

  function piles(msg, send) {
    const v = msg.view;
    const row = el("div", "rm-piles");
    const legal = msg.legal || [];
    const canDraw = (from) => legal.some((a) => a.type === "draw" && a.from === from);
    const stock = el("button", "rm-pile rm-stock");
    stock.type = "button";
    stock.dataset.move = "draw-stock";
    stock.disabled = !canDraw("stock");
    stock.append(cardBack(), el("small", "", `Stock ${v.stock_size}`));
    stock.addEventListener("click", () => send({ type: "draw", from: "stock" }));
    row.appendChild(stock);
    const discard = el("button", "rm-pile rm-discard");
    discard.type = "button";
    discard.dataset.move = "draw-discard";
    discard.disabled = !canDraw("discard");
    discard.append(v.discard_top ? cardFace(msg, v.discard_top) : el("div", "rm-card rm-empty"), el("small", "", `Discards ${v.discard_size}`));
    discard.addEventListener("click", () => send({ type: "draw", from: "discard" }));
    row.appendChild(discard);
    if (v.turned) {
      const turned = el("div", "rm-pile rm-turned");
      const words = v.wild_ranks.map((r) => (r === "2" ? "2s" : `${RANK_WORDS[r] || r}s`)).join(" and ");
      turned.append(cardFace(msg, v.turned), el("small", "", `Jokers: ${words}`));
      row.appendChild(turned);
    }
    return row;
  }

  function melds(msg, send) {
    const v = msg.view;
    const box = el("div", "rm-melds");
    if (!v.melds.length) {
      box.appendChild(el("p", "rm-note", v.melding ? "No combinations on the table yet." : "Combinations are shown when a player goes out."));
      const last = v.history.length ? v.history[v.history.length - 1] : null;
      if (last && last.winner !== null && last.table.length && !v.melding) {
        box.appendChild(el("p", "rm-note", `Last hand, ${nameOf(msg, last.winner)} went out with:`));
        last.table.forEach((meld) => {
          const row = el("div", "rm-meld rm-last");
          meld.cards.forEach((card) => row.appendChild(cardFace(msg, card)));
          box.appendChild(row);
        });
      }
      return box;
    }
    const canLay = msg.seat !== null && msg.view.turn === msg.seat && msg.view.phase === "play" && v.melding;
    v.melds.forEach((meld, index) => {
      const row = el(canLay ? "button" : "div", "rm-meld");
      if (canLay) {
        row.type = "button";
        row.dataset.move = "lay";
        row.setAttribute("aria-label", `Lay off the selected card on combination ${index + 1}`);
        row.addEventListener("click", () => {
          const cards = chosen();
          if (cards.length !== 1) {
            say("Select one card, then tap the combination to lay it off.");
            return;
          }
          send({ type: "lay", meld: index, card: cards[0] });
        });
      }
      row.dataset.meld = index;
      meld.cards.forEach((card) => row.appendChild(cardFace(msg, card)));
      box.appendChild(row);
    });
    return box;
  }

  function say(text) {
    if (current) current.say(text);
  }

  // ---- the player's hand ---------------------------------------------------------

  function hand(msg) {
    const row = el("div", "rm-hand");
    row.style.setProperty("--n", Math.max(order.length, 2));
    order.forEach((card, index) => {
      const node = cardFace(msg, card, "button");
      node.type = "button";
      node.dataset.index = index;
      node.classList.toggle("rm-selected", selected.includes(index));
      row.appendChild(node);
    });
    dragging(row);
    return row;
  }

  // A press and release on the same card selects it; released on another card, the card
  // pressed moves to that place.
  function dragging(row) {
    let from = null;
    row.addEventListener("pointerdown", (event) => {
      const node = event.target.closest("[data-index]");
      if (!node) return;
      from = Number(node.dataset.index);
      node.classList.add("rm-lifted");
      event.preventDefault();
    });
    row.addEventListener("pointerup", (event) => {
      if (from === null) return;
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const node = under && under.closest ? under.closest(".rm-hand [data-index]") : null;
      const to = node ? Number(node.dataset.index) : from;
      if (to === from) {
        selected = selected.includes(from) ? selected.filter((i) => i !== from) : selected.concat([from]);
      } else {
        move(from, to);
      }
      from = null;
      rerender();
    });
    row.addEventListener("pointercancel", () => {
      from = null;
      rerender();
    });
  }

  function button(text, className, onClick, moveName) {
    const b = el("button", "rm-btn" + (className ? " " + className : ""), text);
    b.type = "button";
    if (moveName) b.dataset.move = moveName;
    b.addEventListener("click", onClick);
    return b;
  }

  function controls(msg, send) {
    const v = msg.view;
    const box = el("div", "rm-controls");
    const sorting = el("div", "rm-row");
    sorting.append(
      button("Sort by suit", "", () => { order = bySuit(order); selected = []; rerender(); }, "sort-suit"),
      button("Sort by rank", "", () => { order = byRank(order); selected = []; rerender(); }, "sort-rank")
    );
    box.appendChild(sorting);
    if (v.turn !== msg.seat || v.phase !== "play") return box;
    const cards = chosen();
    const actions = el("div", "rm-row");
    const outs = new Set((msg.legal || []).filter((a) => a.type === "out").map((a) => a.card));
    if (v.melding) {
      actions.append(
        button("Meld run", "", () => (cards.length >= 3 ? send({ type: "meld", kind: "run", cards: cards }) : say("Select three or more cards for a run.")), "meld-run"),
        button("Meld group", "", () => (cards.length >= 3 ? send({ type: "meld", kind: "group", cards: cards }) : say("Select three or four cards for a group.")), "meld-group")
      );
    }
    if (outs.size && !(cards.length === 1 && outs.has(cards[0]))) {
      box.appendChild(el("p", "rm-note rm-can-go-out", "You can go out: select the card to throw away."));
    }
    if (cards.length === 1 && outs.has(cards[0])) {
      actions.appendChild(button("Go out", "rm-primary", () => send({ type: "out", card: cards[0] }), "out"));
    }
    actions.appendChild(
      button("Discard", "rm-primary", () => (cards.length === 1 ? send({ type: "discard", card: cards[0] }) : say("Select the one card to discard.")), "discard")
    );
    box.appendChild(actions);
    return box;
  }

  // ---- words about the game ------------------------------------------------------

  function prompt(msg) {
    const v = msg.view;
    if (v.result) return resultText(msg);
    if (v.turn === null) return "";
    if (v.turn !== msg.seat) return `${nameOf(msg, v.turn)} ${v.phase === "draw" ? "is drawing" : "is playing"}…`;
    if (v.phase === "draw") return v.draw_from.length > 1 ? "Your turn: draw from the stock or take the discard" : "Your turn: draw from the stock";
    if (v.melding) return "Meld, lay off (select a card, tap a combination), then discard one card";
    return "Discard one card, or go out if the other ten all make combinations";
  }

  function resultText(msg) {
    const v = msg.view;
    if (v.result.reason === "forfeit") return `${nameOf(msg, v.result.forfeited)} left the game.`;
    let candidates = [];
    for (let s = 0; s < v.seats; s++) if (v.out[s] === null) candidates.push(s);
    if (!candidates.length) candidates = v.scores.map((_, s) => s);
    const best = Math.min(...candidates.map((s) => v.scores[s]));
    const winners = candidates.filter((s) => v.scores[s] === best).map((s) => nameOf(msg, s));
    return `${winners.join(" and ")} ${winners.length > 1 || winners[0] === "You" ? "win" : "wins"} with ${best} points.`;
  }

  function history(msg) {
    const v = msg.view;
    if (!v.history.length) return null;
    const box = el("details", "rm-history");
    box.open = !!v.result;
    box.appendChild(el("summary", "", `Hands played: ${v.history.length} · out at ${v.target}`));
    const t = el("table");
    const head = el("tr");
    head.appendChild(el("th", "", "#"));
    for (let s = 0; s < v.seats; s++) head.appendChild(el("th", "", nameOf(msg, s)));
    t.appendChild(head);
    v.history.forEach((record) => {
      const tr = el("tr");
      tr.appendChild(el("td", "", String(record.hand)));
      for (let s = 0; s < v.seats; s++) {
        const cell = el("td");
        const gone = record.winner === s ? "out first" : `+${record.points[s]}`;
        cell.append(el("small", "", gone), el("div", "rm-total", `= ${record.scores[s]}` + (record.eliminated.includes(s) ? " ✕" : "")));
        tr.appendChild(cell);
      }
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
    if (current) draw(current.root, current.msg, current.act, current.say);
  }

  function render(root, msg, act, say) {
    if (msg.view.hand) reconcile(msg);
    else order = [];
    draw(root, msg, act, say);
    say(prompt(msg));
  }

  function draw(root, msg, act, sayLine) {
    current = { root: root, msg: msg, act: act, say: sayLine };
    const board = el("div", "rm-board");
    const send = window.Kit.oneMoveAtATime(board, act, msg.seq, shownSeq, rerender);
    board.append(seats(msg), piles(msg, send), melds(msg, send));
    if (msg.view.result) board.appendChild(el("p", "rm-result", resultText(msg)));
    if (msg.view.hand && msg.view.hand.length && msg.seat !== null) board.append(hand(msg), controls(msg, send));
    const past = history(msg);
    if (past) board.appendChild(past);
    root.replaceChildren(board);
  }

  window.GameBoards = window.GameBoards || {};
  ["koum-kan", "thanasis", "dynamitis"].forEach((slug) => { window.GameBoards[slug] = { render: render }; });
})();
