// The live table: one WebSocket, the protocol of the runtime, and the game's own board.
// The board (static/games/<family>/board.js) only draws a message and calls act(action).
(function () {
  "use strict";
  const root = document.getElementById("game");
  const $ = (sel) => root.querySelector(sel);
  const slug = root.dataset.slug;
  const board = (window.GameBoards || {})[slug];
  let socket, last = null, retry = 500, over = false, deadlineTimer = null;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  function act(action) {
    if (!last) return;
    send({ type: "act", seq: last.seq, action: action });
  }

  function showStatus(text, kind) {
    const el = $("[data-status]");
    el.textContent = text || "";
    el.className = "status" + (kind ? " " + kind : "");
  }

  function renderPlayers(msg) {
    const list = $("[data-players]");
    list.innerHTML = "";
    for (const p of msg.players) {
      const li = document.createElement("li");
      const toAct = msg.to_act.includes(p.seat);
      li.className = "player" + (toAct ? " to-act" : "") + (p.seat === msg.seat ? " me" : "");
      const clock = msg.clocks[p.seat];
      li.innerHTML = `<span class="dot ${p.online ? "on" : "off"}" title="${p.online ? "online" : "offline"}"></span>` +
        `<b></b>${p.seat === msg.seat ? " (you)" : ""}` +
        (p.bot ? ' <span class="pill">bot</span>' : "") +
        (p.disconnected ? ' <span class="pill">disconnected</span>' : "") +
        (p.timeouts ? ` <span class="pill">${p.timeouts} timeout${p.timeouts > 1 ? "s" : ""}</span>` : "") +
        (clock !== undefined ? ` <span class="clock" data-clock="${p.seat}">${fmt(clock)}</span>` : "");
      li.querySelector("b").textContent = p.name;
      list.appendChild(li);
    }
  }

  function fmt(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  function runDeadline(msg) {
    clearInterval(deadlineTimer);
    const wrap = $("[data-deadline-wrap]");
    if (!msg.deadline || over) { wrap.hidden = true; return; }
    wrap.hidden = false;
    const total = Math.max(1, msg.deadline - Date.now());
    const tick = () => {
      const left = msg.deadline - Date.now();
      $("[data-deadline-bar]").style.width = `${Math.max(0, (left / total) * 100)}%`;
      const mine = msg.seat !== null && msg.to_act.includes(msg.seat);
      $("[data-deadline-text]").textContent = left > 0 ? `${mine ? "Your" : "Their"} move: ${fmt(left)} left` : "Time is up…";
      if (left <= 0) clearInterval(deadlineTimer);
    };
    tick();
    deadlineTimer = setInterval(tick, 250);
  }

  function onState(msg) {
    if (last && msg.seq < last.seq) return; // a late message from before a resync
    last = msg;
    renderPlayers(msg);
    runDeadline(msg);
    if (msg.status !== "playing") {
      showStatus("The game is over.", "");
    } else if (msg.seat === null) {
      showStatus("You are watching.", "");
    } else if (msg.to_act.includes(msg.seat)) {
      showStatus("Your move.", "ok");
    } else {
      showStatus("Waiting for the other player…", "");
    }
    if (board) board.render($("[data-board]"), msg, act);
    else $("[data-board]").textContent = "This game's board is not available.";
  }

  function onOver(msg) {
    over = true;
    clearInterval(deadlineTimer);
    $("[data-deadline-wrap]").hidden = true;
    const result = $("[data-result]");
    result.hidden = false;
    const s = msg.settlement || {};
    const mySeat = last ? last.seat : null;
    let text;
    if (s.void) text = "The game is void: every stake has been refunded.";
    else if (mySeat !== null && s.net) {
      const net = s.net[mySeat];
      text = net > 0 ? `You won. Net +${money(net)}.` : net < 0 ? `You lost. Net ${money(net)}.` : "Draw: your stake is back.";
    } else text = `Game over: ${msg.outcome ? msg.outcome.reason : ""}.`;
    result.textContent = text + (s.rake ? ` (rake ${money(s.rake)})` : "");
    result.className = "result " + (text.startsWith("You won") ? "ok" : "");
    $("[data-replay]").hidden = false;
    const resign = $("[data-resign]");
    if (resign) resign.hidden = true;
  }

  function money(minor) {
    const digits = Number(document.body.dataset.currencyDigits || 2);
    const sign = minor < 0 ? "-" : "";
    const abs = Math.abs(minor);
    const whole = Math.floor(abs / 10 ** digits);
    const frac = digits ? "." + String(abs % 10 ** digits).padStart(digits, "0") : "";
    return `${sign}${whole.toLocaleString("en")}${frac} ${document.body.dataset.currency || ""}`.trim();
  }

  function onChat(msg) {
    const log = $("[data-chat-log]");
    if (!log) return;
    const li = document.createElement("li");
    const who = document.createElement("b");
    who.textContent = msg.name + ": ";
    li.append(who, document.createTextNode(msg.text));
    log.appendChild(li);
    log.scrollTop = log.scrollHeight;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${root.dataset.socket}`);
    const badge = $("[data-connection]");
    socket.onopen = () => {
      retry = 500;
      badge.textContent = "connected";
      badge.className = "pill ok";
      if (last) send({ type: "sync", seq: last.seq }); // resync after any gap
    };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "over") onOver(msg);
      else if (msg.type === "chat") onChat(msg);
      else if (msg.type === "error") {
        // The move was refused and nothing changed: give the board its controls back.
        if (last && board) board.render($("[data-board]"), last, act);
        showStatus(msg.message, "error");
        if (msg.code === "stale") send({ type: "sync", seq: last ? last.seq : 0 });
      }
    };
    socket.onclose = (event) => {
      badge.textContent = event.code === 4403 ? "not allowed" : "reconnecting…";
      badge.className = "pill";
      if (event.code === 4403) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  const chatForm = $("[data-chat-form]");
  if (chatForm) chatForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const input = chatForm.elements.text;
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
  });
  const resign = $("[data-resign]");
  if (resign) resign.addEventListener("click", () => {
    if (confirm("Resign this game? You lose your stake.")) send({ type: "resign" });
  });
  connect();
})();
