// Live lobby: the server says "changed"; we re-fetch the server-rendered fragment.
(function () {
  "use strict";
  const script = document.currentScript;
  const mode = script.dataset.mode;
  const target = document.getElementById(mode === "list" ? "table-list" : "table-panel");
  if (!target) return;
  // Set once the table's game starts: every later refresh would navigate again, and a
  // second navigation cancels the first.
  let socket, retry = 1000, leaving = false;

  const unmasked = (html) => html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");

  async function refresh() {
    if (leaving) return;
    const url = target.dataset.src + (mode === "list" ? window.location.search : "");
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok || leaving) return;
    // Swapped only when it changed: a player's tap on a button replaced under the finger
    // (pressed on the old one, released on the new) is lost. Each response masks the
    // forms' CSRF token anew, and either mask is good.
    const fresh = document.createElement("template");
    fresh.innerHTML = await response.text();
    if (unmasked(fresh.innerHTML) !== unmasked(target.innerHTML)) target.replaceChildren(fresh.content);
    if (mode === "list") {
      const update = target.querySelector("[data-online-update]");
      if (update) document.querySelector("[data-online-now]").textContent = update.textContent;
    } else {
      const panel = target.querySelector("[data-table-status]");
      if (panel && panel.dataset.tableStatus === "playing" && panel.dataset.seated && panel.dataset.gameUrl) {
        leaving = true;
        window.location.href = panel.dataset.gameUrl;
      }
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${window.location.host}${script.dataset.socket}`);
    socket.onopen = () => { retry = 1000; refresh(); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      const balance = document.querySelector(".site-header .balance");
      if (message.type === "balance") { if (balance) balance.textContent = message.text; return; }
      refresh();
    };
    socket.onclose = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 15000); };
  }
  connect();
  setInterval(() => socket && socket.readyState === 1 && socket.send('{"type":"here"}'), 60000);
})();
