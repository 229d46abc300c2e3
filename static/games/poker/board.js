// Board of the poker cash tables (Hold'em, Omaha, 5-Card Omaha, Short Deck) and of their
// tournament tables (chips, not money; the blind level instead of the table's terms). Rebuilt from
// each state message: the seats with their stacks and this street's bets, the board and
// the pot, the viewer's own hole cards, the betting buttons with a bet size, the table's
// own moves (sit out, sit in, top up, leave) and the history of the last hands, each with
// its seed checked in the browser against the hash shown when it was dealt. Every move
// sent is one of msg.legal, or a bet or raise inside the range the server offered.
(function () {
  "use strict";
  const { el, card: kitCard, money: cash, clock } = window.Kit;

  const RANKS = "23456789TJQKA";
  const SUITS = "CDHS";
  const HOLE_CARDS = { holdem: 2, omaha: 4, omaha5: 5, "short-deck": 2 };
  const WORDS = {
    fold: "Fold", check: "Check", call: "Call", bet: "Bet", raise: "Raise", all_in: "All in",
    sit_out: "Sit out", sit_in: "Sit in", top_up: "Top up", leave: "Leave the table",
  };

  let current = null;
  // A tournament's table plays for tournament chips, not money: counted as plain numbers.
  let money = cash;
  const checked = {}; // hand number -> "ok" | "bad", once computed

  function nameOf(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return player ? player.name : `Seat ${seat + 1}`;
  }

  function cardFace(code, extra) {
    return kitCard(code, "pk-card" + (extra ? " " + extra : ""));
  }

  function cardBack() {
    const node = el("span", "pk-card pk-back");
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  // ---- the seats -------------------------------------------------------------------

  function seatBox(msg, seat) {
    const v = msg.view;
    const hand = v.hand;
    const player = hand ? hand.players.indexOf(seat) : -1;
    const live = hand ? hand.live : null;
    const acting = live && live.actor === seat;
    const box = el("div", "pk-seat" + (acting ? " pk-active" : "") + (seat === msg.seat ? " pk-mine" : ""));
    box.dataset.seat = seat;
    const top = el("div", "pk-seat-top");
    top.appendChild(el("span", "pk-name", nameOf(msg, seat)));
    if (seat === v.button) top.appendChild(el("span", "pk-button", "D"));
    box.appendChild(top);
    const stack = player >= 0 ? live.stacks[player] : v.stacks[seat];
    box.appendChild(el("span", "pk-stack", money(stack)));
    const tags = el("div", "pk-tags");
    const tag = (text, extra) => tags.appendChild(el("span", "pk-tag" + (extra ? " " + extra : ""), text));
    if (v.status[seat] === "left") tag("left");
    else if (v.status[seat] === "out") tag("sitting out");
    if (player >= 0) {
      if (live.folded[player]) tag("folded");
      else if (live.stacks[player] === 0) tag("all in", "pk-allin");
      if (live.bets[player]) tag(money(live.bets[player]), "pk-bet");
    }
    if (v.pending[seat]) tag(`+${money(v.pending[seat])} next hand`);
    box.appendChild(tags);
    if (player >= 0 && !live.folded[player] && seat !== msg.seat) {
      const backs = el("div", "pk-backs");
      for (let i = 0; i < HOLE_CARDS[v.variant]; i++) backs.appendChild(cardBack());
      box.appendChild(backs);
    }
    return box;
  }

  function centre(msg) {
    const v = msg.view;
    const box = el("div", "pk-centre");
    const hand = v.hand;
    const row = el("div", "pk-boardcards");
    const board = hand ? hand.live.board : [];
    board.forEach((c) => row.appendChild(cardFace(c)));
    for (let i = board.length; i < 5; i++) row.appendChild(el("span", "pk-card pk-slot"));
    box.appendChild(row);
    if (hand) {
      const bets = hand.live.bets.reduce((a, b) => a + b, 0);
      box.appendChild(el("div", "pk-pot", `Pot ${money(hand.live.pot + bets)}`));
      box.appendChild(el("div", "pk-caption", `Hand #${hand.number} · deck hash ${hand.seed_hash.slice(0, 12)}…`));
    } else {
      box.appendChild(el("div", "pk-caption", v.closed ? "The table is closed." : "Waiting for players to sit in."));
    }
    return box;
  }

  function table(msg) {
    const grid = el("div", "pk-table");
    const seats = msg.view.stacks.length;
    // The viewer's seat first, then round the table from its left.
    const first = msg.seat === null || msg.seat === undefined ? 0 : msg.seat;
    grid.appendChild(centre(msg));
    const ring = el("div", "pk-seats");
    for (let k = 0; k < seats; k++) ring.appendChild(seatBox(msg, (first + k) % seats));
    grid.appendChild(ring);
    return grid;
  }

  function hole(msg) {
    const v = msg.view;
    if (!v.hole) return null;
    const row = el("div", "pk-hole");
    v.hole.forEach((c) => row.appendChild(cardFace(c, "pk-big")));
    const hand = v.hand;
    const player = hand.players.indexOf(msg.seat);
    if (player >= 0 && hand.live.folded[player]) row.classList.add("pk-dim");
    return row;
  }

  // ---- betting ---------------------------------------------------------------------

  function button(text, className, onClick, move) {
    const b = el("button", "pk-btn" + (className ? " " + className : ""), text);
    b.type = "button";
    if (move) b.dataset.move = move;
    b.addEventListener("click", onClick);
    return b;
  }

  function bettingPanel(msg, send) {
    const legal = msg.legal || [];
    const live = msg.view.hand && msg.view.hand.live;
    if (!live || live.actor !== msg.seat) return null;
    const box = el("div", "pk-controls");
    const row = el("div", "pk-row");
    const has = (type) => legal.some((a) => a.type === type);
    if (has("fold")) row.appendChild(button("Fold", "pk-danger", () => send({ type: "fold" }), "fold"));
    if (has("check")) row.appendChild(button("Check", "", () => send({ type: "check" }), "check"));
    if (has("call")) row.appendChild(button(`Call ${money(live.to_call)}`, "", () => send({ type: "call" }), "call"));
    box.appendChild(row);
    const sized = legal.find((a) => a.type === "bet" || a.type === "raise");
    if (sized && live.raise_to) {
      const [low, high] = live.raise_to;
      const kind = sized.type;
      const sizing = el("div", "pk-sizing");
      const range = el("input", "pk-range");
      range.type = "range";
      range.min = low;
      range.max = high;
      range.step = 1;
      range.value = low;
      range.setAttribute("aria-label", `${WORDS[kind]} to`);
      const go = button(`${WORDS[kind]} to ${money(low)}`, "pk-primary", () => send({ type: kind, to: Number(range.value) }), kind);
      const show = () => { go.textContent = `${WORDS[kind]} to ${money(Number(range.value))}`; };
      range.addEventListener("input", show);
      // A raise of the pot: the highest bet, plus the pot once this player has called.
      const called = live.pot + live.bets.reduce((a, b) => a + b, 0) + live.to_call;
      const top = Math.max(...live.bets);
      const quick = el("div", "pk-quick");
      const preset = (label, value) => {
        const b = button(label, "pk-small", () => { range.value = Math.min(high, Math.max(low, value)); show(); });
        quick.appendChild(b);
      };
      preset("Min", low);
      preset("½ pot", top + Math.floor(called / 2));
      preset("Pot", top + called);
      preset("Max", high);
      sizing.append(quick, range, go);
      box.appendChild(sizing);
    }
    if (has("all_in")) box.appendChild(button("All in", "pk-allin-btn", () => send({ type: "all_in" }), "all_in"));
    return box;
  }

  function tablePanel(msg, send) {
    const moves = (msg.legal || []).filter((a) => ["sit_out", "sit_in", "top_up", "leave"].includes(a.type));
    if (!moves.length) return null;
    const panel = el("div", "pk-tablemoves");
    const away = awayNotice(msg);
    if (away) panel.appendChild(away);
    const row = el("div", "pk-row");
    moves.filter((a) => a.type !== "top_up").forEach((a) => row.appendChild(button(WORDS[a.type], a.type === "leave" ? "pk-quiet" : "pk-small", () => send(a), a.type)));
    panel.appendChild(row);
    const topUp = topUpSizing(moves.filter((a) => a.type === "top_up"), send);
    if (topUp) panel.appendChild(topUp);
    return panel;
  }

  // A top-up: any amount the server offered, from its least to its most (back to the buy-in).
  function topUpSizing(offered, send) {
    if (!offered.length) return null;
    const chips = offered.map((a) => a.chips);
    const low = Math.min(...chips);
    const high = Math.max(...chips);
    const box = el("div", "pk-sizing pk-topup");
    const go = button("", "pk-small", () => send({ type: "top_up", chips: Number(range.value) }), "top_up");
    const range = el("input", "pk-range");
    range.type = "range";
    range.min = low;
    range.max = high;
    range.step = 1;
    range.value = high;
    range.setAttribute("aria-label", "Chips to add");
    const show = () => { go.textContent = `Top up +${money(Number(range.value))}`; };
    range.addEventListener("input", show);
    show();
    if (low < high) box.appendChild(range);
    box.appendChild(go);
    return box;
  }

  // Sitting out: the seat is kept until the time the server set, then left empty and its
  // chips go back to the balance. A countdown, redrawn each second until the next message.
  let awayTimer = null;
  function awayNotice(msg) {
    clearInterval(awayTimer);
    const me = (msg.players || []).find((p) => p.seat === msg.seat);
    if (!me || !me.away_until) return null;
    const note = el("p", "pk-away");
    note.setAttribute("role", "status");
    const tick = () => {
      const left = me.away_until - Date.now();
      note.textContent = left > 0
        ? `You are sitting out. Sit in within ${clock(left)} to keep your seat; after that you leave the table with your chips.`
        : "You sat out too long: you are leaving the table with your chips.";
      if (left <= 0) clearInterval(awayTimer);
    };
    tick();
    awayTimer = setInterval(tick, 1000);
    return note;
  }

  // ---- the history and its seed check ------------------------------------------------

  async function hmac(key, text) {
    const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text)));
  }

  // games/rng.py's stream, as published: HMAC-SHA256(seed, "salt:nonce:counter") blocks,
  // 4-byte draws with rejection, Fisher–Yates from the last card down.
  async function shuffle(seed, salt, nonce, items) {
    let buffer = new Uint8Array(0);
    let counter = 0;
    async function read(n) {
      while (buffer.length < n) {
        const block = await hmac(seed, `${salt}:${nonce}:${counter++}`);
        const joined = new Uint8Array(buffer.length + block.length);
        joined.set(buffer);
        joined.set(block, buffer.length);
        buffer = joined;
      }
      const out = buffer.slice(0, n);
      buffer = buffer.slice(n);
      return out;
    }
    async function below(n) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const b = await read(4);
        const x = ((b[0] << 24) >>> 0) + (b[1] << 16) + (b[2] << 8) + b[3];
        if (x < limit) return x % n;
      }
    }
    const deck = items.slice();
    for (let i = deck.length - 1; i > 0; i--) {
      const j = await below(i + 1);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  }

  function hexBytes(hex) {
    return new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  }

  async function checkHand(variant, record) {
    const seed = hexBytes(record.seed);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", seed));
    const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hash !== record.seed_hash) return false;
    const ranks = variant === "short-deck" ? RANKS.slice(4) : RANKS;
    const cards = [...ranks].flatMap((r) => [...SUITS].map((s) => r + s));
    const deck = await shuffle(seed, "poker-hand", record.number, cards);
    const n = record.seats.length;
    const holes = HOLE_CARDS[variant];
    for (const [seat, shown] of Object.entries(record.shown)) {
      const p = record.seats.indexOf(Number(seat));
      if (shown.some((c, k) => deck[k * n + p] !== c)) return false;
    }
    const at = holes * n;
    const board = [...deck.slice(at + 1, at + 4), deck[at + 5], deck[at + 7]];
    return record.board.every((c, i) => board[i] === c);
  }

  function verify(variant, record) {
    if (checked[record.number] || !(window.crypto && crypto.subtle)) return;
    checked[record.number] = "…";
    checkHand(variant, record).then((ok) => {
      checked[record.number] = ok ? "ok" : "bad";
      rerender();
    });
  }

  function history(msg) {
    const v = msg.view;
    if (!v.history.length) return null;
    const box = el("details", "pk-history");
    box.appendChild(el("summary", "", `Last hands (${v.history.length})`));
    v.history.slice().reverse().forEach((r) => {
      verify(v.variant, r);
      const item = el("div", "pk-record");
      item.dataset.hand = r.number;
      const head = el("div", "pk-record-head");
      head.append(el("b", "", `#${r.number}`));
      const board = el("span", "pk-mini");
      r.board.forEach((c) => board.appendChild(cardFace(c, "pk-small-card")));
      head.appendChild(board);
      item.appendChild(head);
      r.won.forEach((chips, p) => {
        if (!chips) return;
        const seat = r.seats[p];
        const line = el("div", "pk-line");
        line.appendChild(el("span", "", `${nameOf(msg, seat)} won ${money(chips)}`));
        const shown = r.shown[String(seat)];
        if (shown) {
          shown.forEach((c) => line.appendChild(cardFace(c, "pk-small-card")));
          line.appendChild(el("small", "", ` ${r.names[String(seat)] || ""}`));
        }
        item.appendChild(line);
      });
      Object.keys(r.shown).filter((s) => !r.won[r.seats.indexOf(Number(s))]).forEach((s) => {
        const line = el("div", "pk-line pk-lost");
        line.appendChild(el("span", "", `${nameOf(msg, Number(s))} showed`));
        r.shown[s].forEach((c) => line.appendChild(cardFace(c, "pk-small-card")));
        item.appendChild(line);
      });
      const state = checked[r.number];
      const seed = el("small", "pk-seed" + (state === "bad" ? " pk-bad" : ""),
        `rake ${money(r.rake)} · seed ${r.seed.slice(0, 10)}… ` +
        (state === "ok" ? "✓ deck checked" : state === "bad" ? "✗ does not match" : "checking…"));
      seed.dataset.check = state || "";
      item.appendChild(seed);
      box.appendChild(item);
    });
    return box;
  }

  // ---- words -----------------------------------------------------------------------

  function facts(msg) {
    const o = msg.view.options;
    const row = el("div", "pk-facts");
    const chip = (text) => row.appendChild(el("span", "pk-chip", text));
    const t = msg.view.tournament;
    if (t) {
      const blinds = (b) => `${b[0]}/${b[1]}` + (b[2] ? `, ante ${b[2]}` : "");
      chip(`Level ${t.level}: blinds ${blinds(t.blinds)}`);
      if (t.next) chip(`Next level: ${blinds(t.next)}`);
      chip("Tournament chips, no rake");
      return row;
    }
    chip(`Blinds ${money(o.big_blind / 2)}/${money(o.big_blind)}`);
    chip(`Buy-in ${money(o.big_blind * o.buy_in)}`);
    chip(`Rake ${o.rake_bp / 100}%` + (o.rake_cap ? ` up to ${money(o.rake_cap * o.big_blind)}` : "") + ", no flop no rake");
    return row;
  }

  function prompt(msg) {
    const v = msg.view;
    if (v.closed) return "The table is closed.";
    const live = v.hand && v.hand.live;
    if (!live || live.actor === null) return "";
    if (live.actor === msg.seat) return live.to_call ? `Your turn: ${money(live.to_call)} to call` : "Your turn: check or bet";
    return `${nameOf(msg, live.actor)} to act…`;
  }

  // ---- putting it together -------------------------------------------------------------

  function shownSeq() {
    return current && current.msg.seq;
  }

  function rerender() {
    if (current) render(current.root, current.msg, current.act, current.say);
  }

  function render(root, msg, act, say) {
    const open = root.querySelector(".pk-history");
    const keepOpen = open ? open.open : false;
    current = { root: root, msg: msg, act: act, say: say };
    money = msg.view.tournament ? (n) => String(n) : cash;
    const board = el("div", "pk-board");
    const send = window.Kit.oneMoveAtATime(board, act, msg.seq, shownSeq, rerender);
    board.append(facts(msg), table(msg));
    [hole(msg), msg.seat !== null ? bettingPanel(msg, send) : null, msg.seat !== null ? tablePanel(msg, send) : null, history(msg)]
      .forEach((part) => { if (part) board.appendChild(part); });
    const details = board.querySelector(".pk-history");
    if (details) details.open = keepOpen;
    root.replaceChildren(board);
    say(prompt(msg));
  }

  window.GameBoards = window.GameBoards || {};
  ["holdem", "omaha", "omaha5", "short-deck"].forEach((slug) => {
    window.GameBoards[slug] = { render: render };
    window.GameBoards[`${slug}-tournament`] = { render: render };
  });
})();
