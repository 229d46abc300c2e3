// The board kit: what every live page of Longtable shares (game tables, the generic board,
// Crash and Keno). One socket that reconnects with backoff and resyncs, money and clock
// formats, and small helpers that draw cards, dice, domino tiles and chips. Styles live in
// static/kit/kit.css; nothing here injects CSS.
(function () {
  "use strict";

  const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  const RED_SUITS = new Set(["D", "H"]);
  const DIE_FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
  const FIRST_RETRY_MS = 500;
  const LAST_RETRY_MS = 8000;
  // Close codes after which coming back cannot help: not logged in, not allowed.
  const FINAL_CLOSE_CODES = new Set([4401, 4403, 4404]);
  const RESEND_AFTER_MS = 4000;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function svg(tag, attrs, parent) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  // Minor units to text, in the site's currency (base.html puts it on <body>).
  function money(minor) {
    const digits = Number(document.body.dataset.currencyDigits || 2);
    const sign = minor < 0 ? "-" : "";
    const abs = Math.abs(minor);
    const whole = Math.floor(abs / 10 ** digits);
    const frac = digits ? "." + String(abs % 10 ** digits).padStart(digits, "0") : "";
    return `${sign}${whole.toLocaleString("en")}${frac} ${document.body.dataset.currency || ""}`.trim();
  }

  function clock(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  // A playing card from its code, rank then suit: "AS", "TH" (T is the ten). A corner with
  // rank and suit and a large suit in the middle; boards size it in their own CSS.
  function card(code, className, tag) {
    const rank = code[0] === "T" ? "10" : code.slice(0, -1);
    const suit = code.slice(-1);
    const red = RED_SUITS.has(suit) ? " kit-red" : "";
    const node = el(tag || "div", `kit-card${red} ${className || ""}`.trim());
    const corner = el("span", "kit-corner");
    corner.append(el("span", "", rank), el("span", "", SUITS[suit] || suit));
    node.append(corner, el("span", "kit-pip", SUITS[suit] || suit));
    node.dataset.card = code;
    return node;
  }

  function die(value, className) {
    const node = el("span", `kit-die ${className || ""}`.trim(), DIE_FACES[value] || String(value));
    node.dataset.die = value;
    node.title = String(value);
    return node;
  }

  // A domino tile [a, b]: two halves with their pip counts.
  function tile(ends, className) {
    const node = el("span", `kit-tile ${className || ""}`.trim());
    node.append(el("span", "", String(ends[0])), el("span", "", String(ends[1])));
    node.dataset.tile = ends.join("-");
    return node;
  }

  // The header's balance, when money moved for this player (every socket page hears it).
  function showBalance(text) {
    const balance = document.querySelector(".site-header .balance");
    if (balance && text) balance.textContent = text;
  }

  // A reality check fell due: said on whatever page the player has open, with the way to
  // acknowledge it (their next stake waits for that anyway).
  function showRealityCheck(text) {
    let box = document.getElementById("kit-reality-check");
    if (!box) {
      box = el("div", "kit-reality-check");
      box.id = "kit-reality-check";
      box.setAttribute("role", "alertdialog");
      const link = el("a", "button primary", "Read and acknowledge");
      link.href = "/account/responsible-gaming/#reality-check";
      box.append(el("strong", "", "Time for a reality check. "), el("span", "kit-reality-text", ""), " ", link);
      document.body.prepend(box);
    }
    box.querySelector(".kit-reality-text").textContent = text;
  }

  // A tournament game of the player's has started: a banner on whatever page is open.
  function showTournamentGame(message) {
    if (typeof message.url !== "string" || !message.url.startsWith("/")) return;
    let box = document.getElementById("kit-tournament-game");
    if (!box) {
      box = el("div", "kit-reality-check");
      box.id = "kit-tournament-game";
      box.setAttribute("role", "alert");
      box.append(el("span", "kit-tournament-text", ""), " ", el("a", "button primary", "Play now"));
      document.body.prepend(box);
    }
    box.querySelector(".kit-tournament-text").textContent = message.text;
    box.querySelector("a").href = message.url;
  }

  function chip(minor, className) {
    const node = el("span", `kit-chip ${className || ""}`.trim(), money(minor));
    node.dataset.amount = minor;
    return node;
  }

  // One live socket to `path` that comes back after the server or Redis blips: it shows
  // "reconnecting…" on `badge`, retries with a doubling, jittered delay, and calls onOpen
  // again on each reconnection so the page can resync from the last seq it holds.
  function socket(path, handlers) {
    const badge = handlers.badge || null;
    let current = null;
    let retry = FIRST_RETRY_MS;
    let stopped = false;

    function show(text, kind) {
      if (!badge) return;
      badge.textContent = text;
      badge.className = `pill kit-link ${kind || ""}`.trim();
      badge.dataset.link = kind || "down";
    }

    function open() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      current = new WebSocket(`${scheme}://${location.host}${path}`);
      current.onopen = () => {
        retry = FIRST_RETRY_MS;
        show("connected", "ok");
        if (handlers.onOpen) handlers.onOpen();
      };
      current.onmessage = (event) => {
        let message;
        try {
          message = JSON.parse(event.data);
        } catch (err) {
          return; // not ours: nothing the page could show
        }
        if (message.type === "balance") showBalance(message.text);
        if (message.type === "reality_check") showRealityCheck(message.text);
        if (message.type === "tournament_game") showTournamentGame(message);
        handlers.onMessage(message);
      };
      current.onclose = (event) => {
        if (stopped) return;
        if (FINAL_CLOSE_CODES.has(event.code)) {
          const said = { 4403: "not allowed", 4404: "not found" }[event.code] || "logged out";
          show(said, "final");
          return;
        }
        show("reconnecting…", "retrying");
        const wait = retry / 2 + Math.random() * (retry / 2);
        retry = Math.min(retry * 2, LAST_RETRY_MS);
        setTimeout(open, wait);
      };
    }

    open();
    return {
      send(message) {
        if (current && current.readyState === WebSocket.OPEN) {
          current.send(JSON.stringify(message));
          return true;
        }
        return false;
      },
      close() {
        stopped = true;
        if (current) current.close();
      },
    };
  }

  // One tap, one move: a tap disables the board's controls until the server's next state
  // draws them again. A refused move brings no new state, so a board still showing the
  // tapped state (`shownSeq()` is still `seq`) after a while is redrawn with its moves.
  function oneMoveAtATime(board, act, seq, shownSeq, redraw) {
    return (action) => {
      board.querySelectorAll("button,input").forEach((control) => { control.disabled = true; });
      act(action);
      setTimeout(() => { if (shownSeq() === seq) redraw(); }, RESEND_AFTER_MS);
    };
  }

  // A seat of a card table (Spades, Belote), its classes under the board's `prefix`: the
  // name, then its tags: the dealer, a computer player (called `botWord`) or one offline
  // during play, and the cards an opponent holds (`back`, the board's card back, and the
  // count). Returns the box and its `tag`, for the board's own tags after these.
  function seatBox(prefix, msg, seat, { place, active, name, back, botWord }) {
    const v = msg.view;
    const player = (msg.players || []).find((p) => p.seat === seat) || {};
    const box = el("div", `${prefix}-seat ${prefix}-seat-${place}` + (active ? ` ${prefix}-active` : ""));
    box.dataset.seat = seat;
    box.appendChild(el("span", `${prefix}-name`, name));
    const tags = el("div", `${prefix}-tags`);
    box.appendChild(tags);
    const tag = (content, extra) => {
      const t = el("span", `${prefix}-tag` + (extra ? " " + extra : ""));
      t.append(...[].concat(content));
      tags.appendChild(t);
    };
    if (seat === v.dealer) tag("dealer");
    if (player.bot) tag(botWord);
    else if (player.online === false && msg.status === "playing") tag("offline");
    if (seat !== msg.seat) {
      const count = el("span", `${prefix}-count`);
      count.append(back(`${prefix}-mini`), document.createTextNode(String(v.hand_sizes[seat])));
      tag(count);
    }
    return { box, tag };
  }

  window.Kit = { el, svg, money, clock, card, die, tile, chip, socket, showBalance, oneMoveAtATime, seatBox };
})();
