// A round game's page: the round and its countdown, the board drawn from the committed
// result (static/casino/boards/), the bet slip sent as one "bet" frame, the player's bets.
// Every result comes from the server; the animation only shows it.
(function () {
  "use strict";
  const root = document.getElementById("round-game");
  const slug = root.dataset.slug;
  const board = root.dataset.board;
  const $ = (id) => document.getElementById(id);
  const choices = JSON.parse($("round-choices").textContent);
  let state = JSON.parse($("round-state").textContent);
  let offset = state.now_ms - Date.now(); // server clock minus ours
  let slip = []; // {bet_type, selection, label, stake}
  let slipId = null; // kept until the server answers for this slip: a resend is safe
  let chipValue = null;
  let announced = null; // the round whose result came in, until the next state

  // --- the board --------------------------------------------------------------------------

  // Each board is a file of its own (static/casino/boards/<board>.js), loaded before this one.
  const drawing = window.RoundBoards[board];
  drawing.draw(state.game);

  // --- the round ------------------------------------------------------------------------

  // A game with a peek has two windows: the first bets until peeks_at_ms, then the peek
  // (asked for once, with a sync, when its time comes) and the second bets until the close.
  let peekAsked = null;

  function secondWindow(now) {
    const round = state.round;
    return Boolean(round && round.peeks_at_ms && now >= round.peeks_at_ms);
  }

  function windows(now) {
    const select = $("bet-type");
    if (!select || !state.round || !state.round.peeks_at_ms) return;
    const second = secondWindow(now);
    let moved = false;
    for (const option of select.options) {
      const type = state.game.bet_types.find((t) => t.code === option.value);
      option.disabled = Boolean(type.after_peek) !== second;
      if (option.selected && option.disabled) moved = true;
    }
    if (moved) {
      const open = Array.from(select.options).find((o) => !o.disabled);
      if (open) { select.value = open.value; pickType(); }
    }
  }

  function status() {
    const round = state.round;
    if (!round) { $("round-status").textContent = "Waiting for the next round…"; return; }
    const now = Date.now() + offset;
    windows(now);
    if (round.peeks_at_ms && now >= round.peeks_at_ms && !round.peek && peekAsked !== round.number) {
      peekAsked = round.number;
      live.send({ type: "sync" });
    }
    if (round.peeks_at_ms && now < round.peeks_at_ms) {
      $("round-status").textContent = `Round #${round.number}: first bets close in ${Kit.clock(round.peeks_at_ms - now)}, then ${state.game.peek_name} is shown`;
    } else if (round.peeks_at_ms && now < round.closes_at_ms) {
      $("round-status").textContent = `Round #${round.number}: second bets close in ${Kit.clock(round.closes_at_ms - now)}`;
    } else if (now < round.closes_at_ms) {
      $("round-status").textContent = `Round #${round.number}: bets close in ${Kit.clock(round.closes_at_ms - now)}`;
    } else if (now < round.draws_at_ms) {
      $("round-status").textContent = `Round #${round.number}: no more bets, result in ${Kit.clock(round.draws_at_ms - now)}`;
    } else {
      $("round-status").textContent = `Round #${round.number}: drawing…`;
    }
  }
  setInterval(status, 250);

  function history() {
    const list = $("history");
    list.replaceChildren(...state.history.slice(0, 12).map((h) => {
      const item = Kit.el("li");
      const link = Kit.el("a", "", h.text);
      link.href = root.dataset.roundUrl.replace(/0\/$/, `${h.round}/`);
      item.appendChild(link);
      return item;
    }));
  }

  function mine() {
    const list = $("mine");
    if (!list) return;
    list.replaceChildren(...state.mine.slice(0, 15).map((bet) => {
      const result = bet.status === "open" ? "open" : bet.status === "won" ? `won ${Kit.money(bet.payout)}` : bet.status;
      const item = Kit.el("li", `rg-bet rg-${bet.status}`, `#${bet.round} ${bet.label}: ${Kit.money(bet.stake)} · ${result}`);
      item.dataset.status = bet.status;
      return item;
    }));
  }

  function apply(snapshot, announced) {
    state = snapshot;
    offset = snapshot.now_ms - Date.now();
    if (snapshot.balance_text) Kit.showBalance(snapshot.balance_text);
    if (snapshot.history.length && !announced) drawing.show(state.game, snapshot.history[0].outcome, false);
    if (snapshot.round && snapshot.round.peek && drawing.peek) drawing.peek(state.game, snapshot.round.peek);
    if (announced) verdict(announced);
    history(); mine(); status();
  }

  // After a result: the player's own bets on that round, won or lost, in one line.
  function verdict(round) {
    const bets = state.mine.filter((b) => b.round === round && b.status !== "open");
    if (!bets.length) return;
    const won = bets.reduce((sum, b) => sum + b.payout, 0);
    const staked = bets.reduce((sum, b) => sum + b.stake, 0);
    $("result-text").textContent += won ? ` · You won ${Kit.money(won)}` : ` · You lost ${Kit.money(staked)}`;
  }

  // --- the slip -------------------------------------------------------------------------

  const digits = Number(document.body.dataset.currencyDigits || 2);
  const major = (minor) => digits ? `${Math.floor(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, "0")}` : String(minor);

  function chips() {
    const holder = $("chips");
    if (!holder) return;
    const min = Number(holder.dataset.min), max = Number(holder.dataset.max), unit = 10 ** digits;
    const values = [min, unit, 5 * unit, 25 * unit, 100 * unit].filter((v, i, all) => v >= min && v <= max && all.indexOf(v) === i);
    chipValue = values[Math.min(1, values.length - 1)];
    values.forEach((value) => {
      const button = Kit.el("button", "button small rg-chip", Kit.money(value));
      button.type = "button";
      button.dataset.amount = value;
      button.setAttribute("aria-pressed", String(value === chipValue));
      button.addEventListener("click", () => {
        chipValue = value;
        holder.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
      });
      holder.appendChild(button);
    });
  }

  function pickType() {
    const code = $("bet-type").value;
    const options = choices[code] || [];
    const type = state.game.bet_types.find((t) => t.code === code);
    const free = options.length === 1 && !options[0].label; // nothing to choose
    // A second bet's price on the cards the peek shows, once shown.
    const peek = state.round && state.round.peek;
    const odds = type.after_peek && peek && peek.prices[code] ? peek.prices[code] : type.odds;
    $("bet-help").textContent = free ? `Pays ${odds}.` : `Choose ${type.selection}. Pays ${odds}.`;
    // Selections too many to list (numbers to choose, a range) come from the board's picker.
    const picker = !options.length && drawing.picker
      ? drawing.picker(state.game, type, (selection, label) => add(code, { selection, label }, type))
      : null;
    $("choices").replaceChildren(...(picker ? [picker] : options.map((option) => {
      const button = Kit.el("button", "button small rg-choice", option.label || `Add ${type.name}`);
      button.type = "button";
      button.addEventListener("click", () => add(code, option, type));
      return button;
    })));
  }

  function add(code, option, type) {
    const label = option.label ? `${type.name} ${option.label}` : type.name;
    const same = slip.find((b) => b.bet_type === code && JSON.stringify(b.selection) === JSON.stringify(option.selection));
    if (same) same.stake += chipValue; else slip.push({ bet_type: code, selection: option.selection, label, stake: chipValue });
    slipId = null;
    renderSlip();
  }

  function renderSlip() {
    const total = slip.reduce((sum, b) => sum + b.stake, 0);
    $("slip").replaceChildren(...slip.map((bet, i) => {
      const item = Kit.el("li", "rg-slip-line", `${bet.label}: ${Kit.money(bet.stake)} `);
      const remove = Kit.el("button", "button small", "Remove");
      remove.type = "button";
      remove.addEventListener("click", () => { slip.splice(i, 1); slipId = null; renderSlip(); });
      item.appendChild(remove);
      return item;
    }));
    $("slip-total").textContent = slip.length ? `Total ${Kit.money(total)}` : "No bets on the slip.";
    $("place").disabled = !slip.length;
  }

  function place() {
    if (!slip.length) return;
    slipId = slipId || (window.crypto.randomUUID ? window.crypto.randomUUID() : fallbackId());
    $("slip-error").textContent = "";
    const sent = live.send({
      type: "bet",
      slip: slipId,
      bets: slip.map((b) => ({ bet_type: b.bet_type, selection: b.selection, stake: major(b.stake) })),
    });
    if (!sent) $("slip-error").textContent = "Reconnecting: press Place bets again in a moment.";
  }

  function fallbackId() {
    const hex = Array.from(window.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  // --- the socket -----------------------------------------------------------------------

  function onMessage(message) {
    switch (message.type) {
      case "state": apply(message, announced); announced = null; break;
      case "open": state.round = { number: message.round, state: "betting", closes_at_ms: message.closes_at_ms, draws_at_ms: message.draws_at_ms, peeks_at_ms: message.peeks_at_ms, peek: null }; status(); break;
      case "result":
        drawing.show(state.game, message.outcome, true);
        state.history.unshift({ round: message.round, outcome: message.outcome, text: message.text });
        $("result-text").textContent = `Round #${message.round}: ${message.text}`;
        history();
        announced = message.round; // the sync's answer says how the player's bets did
        live.send({ type: "sync" });
        break;
      case "placed":
        Kit.showBalance(message.balance_text);
        if (message.slip === slipId) { slip = []; slipId = null; renderSlip(); }
        state.mine = message.bets.concat(state.mine.filter((b) => !message.bets.some((m) => m.id === b.id)));
        mine();
        break;
      case "error": if ($("slip-error")) $("slip-error").textContent = message.message; break;
      default: break;
    }
  }

  const live = Kit.socket(`/ws/casino/${slug}/`, { badge: $("link"), onOpen: () => live.send({ type: "sync" }), onMessage });
  if ($("bet-type")) {
    chips();
    $("bet-type").addEventListener("change", pickType);
    pickType();
    $("place").addEventListener("click", place);
    renderSlip();
  }
  apply(state);
  if ($("bet-type")) pickType();
})();
