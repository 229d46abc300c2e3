// The live table page, on the board kit (static/kit/kit.js): the socket and its resync by
// seq, the players and their clocks, one status line, the kit's chat panel for seated
// players (static/kit/chat.js), and the result banner. The game's board
// (static/games/<family>/board.js, or the generic board) draws a state message, calls
// act(action) to move and say(text) to put its own words on the status line.
(function () {
  "use strict";
  const { el, clock, money } = window.Kit;
  const root = document.getElementById("game");
  const $ = (sel) => root.querySelector(sel);
  const boards = window.GameBoards || {};
  const board = boards[root.dataset.slug] || boards.generic;
  const RATE_LIMIT_PAUSE_MS = 1500;
  let link = null;
  let last = null;
  let over = false;
  let deadlineTimer = null;
  let previewRef = 0;
  let previewAnswer = null;

  function act(action) {
    if (!last) return;
    link.send({ type: "act", seq: last.seq, action: action });
  }

  // A board asks what a move would do before sending it (a word game's score); only the
  // answer to its latest question is handed back.
  function preview(action, answer) {
    previewRef += 1;
    previewAnswer = answer;
    link.send({ type: "preview", ref: previewRef, action: action });
  }

  function onPreview(msg) {
    if (msg.ref === previewRef && previewAnswer) previewAnswer(msg.preview);
  }

  function showStatus(text, kind) {
    const status = $("[data-status]");
    status.textContent = text || "";
    status.className = "status" + (kind ? " " + kind : "");
  }

  // The board's words replace the page's own on the one status line.
  function say(text) {
    const mine = last && last.status === "playing" && last.to_act.includes(last.seat);
    showStatus(text, mine ? "ok" : "");
  }

  function drawBoard() {
    if (last) board.render($("[data-board]"), last, act, say, preview);
  }

  function renderPlayers(msg) {
    const items = msg.players.map((p) => {
      const toAct = msg.to_act.includes(p.seat);
      const item = el("li", "player" + (toAct ? " to-act" : "") + (p.seat === msg.seat ? " me" : ""));
      const dot = el("span", `dot ${p.online ? "on" : "off"}`);
      dot.title = p.online ? "online" : "offline";
      item.append(dot, el("b", "", p.name));
      if (p.seat === msg.seat) item.append(" (you)");
      if (p.bot) item.append(" ", el("span", "pill", "bot"));
      if (p.disconnected) item.append(" ", el("span", "pill", "disconnected"));
      if (p.timeouts) item.append(" ", el("span", "pill", `${p.timeouts} timeout${p.timeouts > 1 ? "s" : ""}`));
      const left = msg.clocks[p.seat];
      if (left !== undefined) {
        const shown = el("span", "clock", clock(left));
        shown.dataset.clock = p.seat;
        item.append(" ", shown);
      }
      return item;
    });
    $("[data-players]").replaceChildren(...items);
  }

  function runDeadline(msg) {
    clearInterval(deadlineTimer);
    const wrap = $("[data-deadline-wrap]");
    if (!msg.deadline || over) {
      wrap.hidden = true;
      return;
    }
    wrap.hidden = false;
    const total = Math.max(1, msg.deadline - Date.now());
    const tick = () => {
      const left = msg.deadline - Date.now();
      $("[data-deadline-bar]").style.width = `${Math.max(0, (left / total) * 100)}%`;
      const mine = msg.seat !== null && msg.to_act.includes(msg.seat);
      $("[data-deadline-text]").textContent = left > 0 ? `${mine ? "Your" : "Their"} move: ${clock(left)} left` : "Time is up…";
      if (left <= 0) clearInterval(deadlineTimer);
    };
    tick();
    deadlineTimer = setInterval(tick, 250);
  }

  // A Double stake raises what the table plays for during the game.
  function renderMoney(msg) {
    for (const key of ["stake", "pot", "rake"]) {
      const shown = $(`[data-${key}]`);
      if (shown && msg.money) shown.textContent = money(msg.money[key]);
    }
  }

  function onState(msg) {
    if (last && msg.seq < last.seq) return; // a late message from before a resync
    last = msg;
    renderMoney(msg);
    renderPlayers(msg);
    runDeadline(msg);
    if (msg.status !== "playing") showStatus("The game is over.", "");
    else if (msg.seat === null) showStatus("You are watching.", "");
    else if (msg.to_act.includes(msg.seat)) showStatus("Your move.", "ok");
    else showStatus("Waiting for the other player…", "");
    drawBoard();
  }

  function resultText(msg) {
    const s = msg.settlement || {};
    const mySeat = last ? last.seat : null;
    const placing = msg.outcome && msg.outcome.placing;
    if (s.void) return "The game is void: every stake has been refunded.";
    if (mySeat !== null && root.dataset.practice === "true" && placing) {
      // No money moved at a practice table: the placing says who won.
      if (placing.every((place) => place === 1)) return "Draw.";
      return placing[mySeat] === 1 ? "You won." : "You lost.";
    }
    if (mySeat !== null && s.net) {
      const net = s.net[mySeat];
      if (net > 0) return `You won. Net +${money(net)}.`;
      if (net < 0) return `You lost. Net ${money(net)}.`;
      return "Draw: your stake is back.";
    }
    return `Game over${msg.outcome && msg.outcome.reason ? ": " + msg.outcome.reason : ""}.`;
  }

  function onOver(msg) {
    over = true;
    clearInterval(deadlineTimer);
    $("[data-deadline-wrap]").hidden = true;
    const banner = $("[data-result]");
    const text = resultText(msg);
    const rake = (msg.settlement || {}).rake;
    $("[data-result-text]").textContent = text + (rake ? ` (rake ${money(rake)})` : "");
    banner.className = "result" + (text.startsWith("You won") ? " ok" : "");
    banner.hidden = false;
    $("[data-replay]").hidden = false;
    const resign = $("[data-resign]");
    if (resign) resign.hidden = true;
  }

  function onError(msg) {
    // The move was refused and nothing changed: the board gets its controls back.
    if (msg.code === "rate_limited") {
      showStatus(msg.message || "Too many messages: wait a moment.", "error");
      setTimeout(drawBoard, RATE_LIMIT_PAUSE_MS);
      return;
    }
    drawBoard();
    showStatus(msg.message || "That was refused.", "error");
    if (msg.code === "stale") link.send({ type: "sync", seq: last ? last.seq : 0 });
  }

  const handlers = { state: onState, over: onOver, error: onError, preview: onPreview };
  // Only seated players have the chat panel (spectators are sent no chat: games/chat.py).
  const chatPanel = $("[data-chat]");
  const chat = chatPanel ? window.Kit.chat(chatPanel, (message) => link.send(message), Number(root.dataset.seat)) : null;
  link = window.Kit.socket(root.dataset.socket, {
    badge: $("[data-connection]"),
    onOpen: () => {
      if (last) link.send({ type: "sync", seq: last.seq }); // resync after any gap
    },
    onMessage: (msg) => {
      if (chat && chat.handle(msg)) return;
      const handle = handlers[msg.type];
      if (handle) handle(msg);
    },
  });
  const resign = $("[data-resign]");
  if (resign) {
    resign.addEventListener("click", () => {
      if (confirm("Resign this game? You lose your stake.")) link.send({ type: "resign" });
    });
  }
})();
