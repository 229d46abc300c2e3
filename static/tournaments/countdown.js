// A poker tournament's time to the next level, counted down every second in the browser.
// The server sends when the next level starts and its own clock's reading at that moment;
// the browser's clock only measures the time since, so a clock set wrong does not matter
// and nothing drifts. The panel is replaced when the table changes (lobby.js): a new
// span is read at once.
(function () {
  "use strict";

  function tick() {
    for (const span of document.querySelectorAll("[data-next-at]")) {
      if (!span.dataset.deadline) {
        const left = Number(span.dataset.nextAt) - Number(span.dataset.now);
        span.dataset.deadline = String(Date.now() + left);
      }
      const seconds = Math.max(0, Math.ceil((Number(span.dataset.deadline) - Date.now()) / 1000));
      const text = `${seconds} s`;
      if (span.textContent !== text) span.textContent = text;
    }
  }

  const panel = document.getElementById("table-panel");
  if (panel) new MutationObserver(tick).observe(panel, { childList: true });
  tick();
  setInterval(tick, 1000);
})();
