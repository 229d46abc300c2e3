// The Keno page: marking numbers, quick pick, and the live draw, ball by ball.
(function () {
  "use strict";
  const script = document.currentScript;
  const roundUrl = script.dataset.roundUrl.replace(/0\/$/, "");
  const $ = (id) => document.getElementById(id);
  const BALL_MS = 1500;   // one ball every 1.5 s: a 20-ball draw shows in 30 s
  let offset = 0, next = null;
  let shownDraw = null; // the draw whose balls just fell: its result for me comes with a sync
  let live = null;

  const numbers = $("numbers");
  const marked = () => (numbers ? numbers.value.split(/[\s,]+/).filter(Boolean).map(Number) : []);
  const maxPicks = () => Number($("game").selectedOptions[0].dataset.max);

  function showMarks() {
    const set = new Set(marked());
    document.querySelectorAll("#board .ball").forEach((b) => {
      const on = set.has(Number(b.dataset.n));
      b.classList.toggle("marked", on); b.setAttribute("aria-pressed", on);
    });
  }

  if (numbers) {
    $("board").addEventListener("click", (e) => {
      const ball = e.target.closest(".ball"); if (!ball) return;
      const n = Number(ball.dataset.n), now = marked();
      const at = now.indexOf(n);
      if (at >= 0) now.splice(at, 1); else if (now.length < maxPicks()) now.push(n);
      numbers.value = now.sort((a, b) => a - b).join(" "); showMarks();
    });
    numbers.addEventListener("input", showMarks);
    $("quick").addEventListener("click", () => {
      // The draw is what must be fair; a quick pick only has to be spread out.
      const pool = Array.from({ length: 80 }, (_, i) => i + 1), picked = [];
      const count = Math.min(Number($("quick-count").value), maxPicks());
      const random = new Uint32Array(count); crypto.getRandomValues(random);
      for (let i = 0; i < count; i++) picked.push(pool.splice(random[i] % pool.length, 1)[0]);
      numbers.value = picked.sort((a, b) => a - b).join(" "); showMarks();
    });
    $("clear").addEventListener("click", () => { numbers.value = ""; showMarks(); });
  }

  function ball(n, extra) {
    const span = document.createElement("span");
    span.className = "ball" + (extra ? " " + extra : ""); span.textContent = n; return span;
  }

  function showDraw(m) {
    const area = $("drawn"), mine = new Set(marked());
    let hits = 0;
    area.replaceChildren();
    $("hits").textContent = "";
    document.querySelectorAll("#board .ball").forEach((b) => b.classList.remove("drawn"));
    m.balls.forEach((n, i) => setTimeout(() => {
      area.append(ball(n, mine.has(n) ? "marked" : ""));
      const cell = document.querySelector('#board .ball[data-n="' + n + '"]');
      if (cell) cell.classList.add("drawn");
      if (mine.has(n)) hits += 1;
      if (mine.size) $("hits").textContent = `Draw #${m.round}: ${hits} of your ${mine.size} numbers hit so far`;
      if (i === m.balls.length - 1) {
        addResult(m);
        shownDraw = m.round;
        if (live) live.send({ type: "sync" }); // how my tickets on it did
      }
    }, i * BALL_MS));
  }

  // After the balls have fallen: my tickets on that draw, won or lost, with the amounts.
  function verdict(tickets) {
    const played = tickets.filter((t) => t.round === shownDraw);
    if (!played.length) return;
    const won = played.reduce((sum, t) => sum + t.payout, 0);
    const staked = played.reduce((sum, t) => sum + t.amount, 0);
    const hits = played.map((t) => `${t.hits} of ${t.numbers.length}`).join(", ");
    $("hits").textContent = won
      ? `Draw #${shownDraw}: ${hits} hit — you won ${Kit.money(won)}`
      : `Draw #${shownDraw}: ${hits} hit — you lost ${Kit.money(staked)}`;
    $("hits").classList.toggle("won", won > 0);
    shownDraw = null;
  }

  function addResult(m) {
    const item = document.createElement("li"), link = document.createElement("a");
    link.href = roundUrl + m.round + "/"; link.textContent = "#" + m.round;
    item.append(link, " ", ...m.balls.map((n) => ball(n, "mini")));
    const list = $("results"); list.prepend(item);
    list.querySelectorAll(".muted").forEach((x) => x.remove());
    while (list.children.length > 10) list.lastChild.remove();
  }

  function countdown() {
    if (next) {
      const left = Math.max(0, Math.round((next.starts_at_ms - Date.now() - offset) / 1000));
      const sales = next.closes_at_ms - Date.now() - offset > 0 ? "" : " (sales closed)";
      $("next-draw").textContent = "Next draw #" + next.round + " in " + left + " s" + sales;
    }
  }

  // The kit's socket comes back after a blip; the server sends the state on each connection.
  function connect() {
    live = window.Kit.socket("/ws/casino/keno/", {
      badge: $("link"),
      onMessage: (m) => {
        if (m.type === "state") { offset = m.now_ms - Date.now(); next = m.next; if (shownDraw) verdict(m.mine || []); }
        if (m.type === "result") showDraw({ round: m.round, balls: m.outcome.balls });
        if (m.type === "open") next = { round: m.round, starts_at_ms: m.draws_at_ms, closes_at_ms: m.closes_at_ms };
      },
    });
  }

  showMarks(); setInterval(countdown, 500); connect();
})();
