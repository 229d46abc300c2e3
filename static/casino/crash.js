// The Crash page: the curve drawn as it rises, bets and cash-outs over the socket.
// The server decides everything; this only shows what it says and sends what you click.
(function () {
  "use strict";
  const script = document.currentScript;
  const rate = Number(script.dataset.rate);          // growth per ms of the published curve
  const roundUrl = script.dataset.roundUrl.replace(/0\/$/, "");
  const minBet = script.dataset.minBet;
  const $ = (id) => document.getElementById(id);
  const canvas = $("curve"), ctx = canvas.getContext("2d");
  const shown = { round: null, state: null, closesAt: 0, startedAt: 0, multiplier: 100, crashed: null };
  const bets = new Map();   // player -> {amount_text, cashed_out_at}
  let offset = 0;           // server clock minus ours
  let mine = new Set();     // rounds I have a bet on
  let cashedOut = false;
  let link = null;
  let me = null;            // my public name: my bet is shown as "You"

  const odds = (h) => (Math.floor(h / 100)).toLocaleString() + "." + String(h % 100).padStart(2, "0") + "x";
  const now = () => Date.now() + offset;
  const notice = (text, bad) => { const n = $("notice"); n.textContent = text || ""; n.classList.toggle("error", !!bad); };

  function resizeCanvas() {
    const ratio = window.devicePixelRatio || 1, width = canvas.clientWidth;
    canvas.width = width * ratio; canvas.height = width * 0.5 * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }

  function draw() {
    const w = canvas.clientWidth, h = canvas.clientWidth * 0.5;
    ctx.clearRect(0, 0, w, h);
    let elapsed = 0, m = 100;
    if (shown.state === "running") {
      elapsed = Math.max(0, now() - shown.startedAt);
      m = Math.max(shown.multiplier, Math.floor(100 * Math.exp(rate * elapsed)));
    } else if (shown.crashed) {
      m = shown.crashed; elapsed = Math.log(m / 100) / rate;
    }
    const span = Math.max(8000, elapsed * 1.15), top = Math.max(200, m * 1.15);
    ctx.strokeStyle = "#dde3ea"; ctx.fillStyle = "#5d6b7c"; ctx.font = "12px system-ui";
    for (const level of [100, 200, 500, 1000, 2000, 5000, 10000, 100000]) {
      if (level > top) break;
      const y = h - 20 - (level - 100) / (top - 100) * (h - 40);
      ctx.beginPath(); ctx.moveTo(30, y); ctx.lineTo(w, y); ctx.stroke();
      ctx.fillText(odds(level), 0, y - 2);
    }
    if (elapsed > 0) {
      ctx.strokeStyle = shown.crashed ? "#b42318" : "#0f6e5a"; ctx.lineWidth = 3; ctx.beginPath();
      for (let t = 0; t <= elapsed; t += elapsed / 80) {
        const v = 100 * Math.exp(rate * t);
        const x = 30 + t / span * (w - 40), y = h - 20 - (v - 100) / (top - 100) * (h - 40);
        t === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y);
      }
      ctx.stroke(); ctx.lineWidth = 1;
    }
    const big = $("multiplier");
    big.textContent = odds(shown.crashed || m);
    big.classList.toggle("crashed", !!shown.crashed);
    if (shown.state === "betting") {
      const left = Math.max(0, Math.ceil((shown.closesAt - now()) / 1000));
      $("phase").textContent = "Bets close in " + left + " s";
    }
    requestAnimationFrame(draw);
  }

  function renderBets() {
    const body = $("bets"); body.replaceChildren();
    for (const [player, bet] of bets) {
      const row = body.insertRow();
      row.insertCell().textContent = player === me ? "You" : player;
      if (player === me) row.classList.add("mine");
      const amount = row.insertCell(); amount.className = "num"; amount.textContent = bet.amount_text;
      const out = row.insertCell(); out.className = "num";
      out.textContent = bet.cashed_out_at ? odds(bet.cashed_out_at) : (shown.crashed ? "—" : "");
      if (bet.cashed_out_at) row.classList.add("won");
    }
  }

  function addHistory(round, crashPoint) {
    const link = document.createElement("a");
    link.className = "chip" + (crashPoint >= 200 ? " high" : "");
    link.href = roundUrl + round + "/"; link.textContent = odds(crashPoint);
    $("history").prepend(link);
    while ($("history").children.length > 20) $("history").lastChild.remove();
  }

  function controls() {
    const running = shown.state === "running" && !shown.crashed;
    const place = $("place-bet"), cash = $("cash-out");
    if (!place) return;
    place.textContent = shown.state === "betting" ? "Place bet" : "Bet for the next round";
    cash.disabled = !(running && mine.has(shown.round) && !cashedOut);
  }

  const handlers = {
    state(m) {
      offset = m.now_ms - Date.now();
      if (m.round) {
        shown.round = m.round.number; shown.state = m.round.state;
        shown.closesAt = m.round.closes_at_ms; shown.startedAt = m.round.started_at_ms || 0;
        bets.clear(); m.round.bets.forEach((b) => bets.set(b.player, b));
        $("round-label").textContent = "#" + shown.round;
        $("phase").textContent = shown.state === "running" ? "In flight" : "";
      }
      me = m.me || me;
      mine = new Set((m.mine || []).map((b) => b.round));
      cashedOut = (m.mine || []).some((b) => b.round === shown.round && b.cashed_out_at);
      if (m.autobet) showAuto(m.autobet);
      renderBets(); controls();
    },
    betting(m) {
      Object.assign(shown, { round: m.round, state: "betting", closesAt: m.closes_at_ms, crashed: null, multiplier: 100 });
      cashedOut = false; bets.clear(); m.bets.forEach((b) => bets.set(b.player, b));
      $("round-label").textContent = "#" + m.round; renderBets(); controls();
      send({ type: "sync" });  // my auto bet and my run's progress
    },
    bet(m) { if (m.round === shown.round) { bets.set(m.player, m); renderBets(); } },
    start(m) {
      Object.assign(shown, { state: "running", startedAt: m.started_at_ms, crashed: null });
      $("phase").textContent = "In flight";
      if (!mine.has(m.round)) notice("");  // the last round's result is stale now
      controls();
    },
    tick(m) {
      shown.multiplier = m.multiplier;
      m.cashouts.forEach((c) => { const b = bets.get(c.player); if (b) b.cashed_out_at = c.multiplier; });
      if (m.cashouts.length) renderBets();
    },
    cashout(m) { const b = bets.get(m.player); if (b) { b.cashed_out_at = m.multiplier; renderBets(); } },
    crash(m) {
      shown.crashed = m.crash_point; shown.state = "crashed";
      $("phase").textContent = "Crashed at " + odds(m.crash_point);
      renderBets(); controls(); verdict(m.crash_point);
    },
    settled(m) { addHistory(m.round, m.crash_point); },
    accepted(m) {
      if (m.action === "bet") { mine.add(m.round); notice("Bet accepted for round #" + m.round + "."); }
      if (m.action === "cash_out") { cashedOut = true; notice("Cashed out at " + odds(m.multiplier) + "."); }
      if (m.action === "autobet") { notice("Autobet is on."); send({ type: "sync" }); }
      if (m.action === "stop_autobet") { notice("Autobet stopped."); send({ type: "sync" }); }
      controls();
    },
    error(m) { notice(m.message, true); },
  };

  // My result of the round that just crashed, with the amount, in words.
  function verdict(crashPoint) {
    const bet = me && bets.get(me);
    if (!bet || !mine.has(shown.round)) return;
    if (bet.cashed_out_at) {
      const won = Math.floor(bet.amount * bet.cashed_out_at / 100);
      notice("You cashed out at " + odds(bet.cashed_out_at) + " and won " + Kit.money(won) + ".");
    } else {
      notice("Crashed at " + odds(crashPoint) + ": you lost " + Kit.money(bet.amount) + ".", true);
    }
  }

  function showAuto(run) {
    const status = $("auto-status"); if (!status) return;
    status.textContent = run.active
      ? "Autobet on: next bet " + run.current_bet_text + "."
      : (run.stopped_reason ? "Autobet off: " + run.stopped_reason : "");
  }

  function send(message) { if (link) link.send(message); }

  // The kit's socket comes back after a blip; the server sends the whole state on each
  // (re)connection, which is the resync.
  function connect() {
    link = window.Kit.socket("/ws/casino/crash/", {
      badge: $("link"),
      onMessage: (m) => (handlers[m.type] || (() => {}))(m),
    });
  }

  const manual = $("manual");
  if (manual) {
    $("auto-on").addEventListener("change", (e) => { $("auto-at").disabled = !e.target.checked; });
    manual.addEventListener("submit", (e) => {
      e.preventDefault();
      send({ type: "bet", amount: $("bet-amount").value, next_round: shown.state !== "betting",
             auto_cash_out: $("auto-on").checked ? $("auto-at").value : null });
    });
    $("cash-out").addEventListener("click", () => send({ type: "cash_out" }));
    document.querySelectorAll("[data-times]").forEach((b) => b.addEventListener("click", () => {
      $("bet-amount").value = (Number(minBet) * Number(b.dataset.times)).toFixed(minBet.includes(".") ? minBet.split(".")[1].length : 0);
    }));
    document.querySelectorAll(".tab").forEach((tab) => tab.addEventListener("click", () => {
      document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("active", t === tab));
      manual.hidden = tab.dataset.tab !== "manual"; $("auto").hidden = tab.dataset.tab !== "auto";
    }));
    $("auto").addEventListener("submit", (e) => {
      e.preventDefault();
      const form = e.target;
      send({ type: "autobet", base_bet: $("base-bet").value, total_bets_limit: $("limit").value,
             auto_cash_out: $("auto-auto").value || null,
             on_win: form.querySelector("[name=on_win]:checked").value,
             on_loss: form.querySelector("[name=on_loss]:checked").value });
    });
    $("stop-auto").addEventListener("click", () => send({ type: "stop_autobet" }));
  }

  handlers.state(JSON.parse($("crash-state").textContent));
  resizeCanvas(); window.addEventListener("resize", resizeCanvas);
  requestAnimationFrame(draw);
  connect();
})();
