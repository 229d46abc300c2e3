// Repeats the server's checks in the browser with its own SHA-256 (Web Crypto):
// the link against the one before it, then the outcome from the link and the salt.
(function () {
  "use strict";
  const subtle = window.crypto && window.crypto.subtle;
  const bytes = (hex) => new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const text = (s) => new TextEncoder().encode(s);

  async function hmac(key, message) {
    const k = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await subtle.sign("HMAC", k, message));
  }

  async function crashPoint(link, salt, edge) {
    const h = await hmac(text(salt), link);
    let r = 0n;
    for (let i = 0; i < 7; i++) r = (r << 8n) | BigInt(h[i]);
    r >>= 4n;                                   // the first 52 bits
    const span = 1n << 52n;
    const point = (BigInt(100 - edge) * span) / (span - r);
    return Number(point < 100n ? 100n : point);
  }

  async function kenoDraw(link, salt, round) {
    let buffer = [], counter = 0;
    async function read4() {
      while (buffer.length < 4) buffer.push(...await hmac(link, text(salt + ":" + round + ":" + counter++)));
      return buffer.splice(0, 4).reduce((x, b) => x * 256 + b, 0);
    }
    const pool = Array.from({ length: 80 }, (_, i) => i + 1), drawn = [];
    const word = 2 ** 32;
    while (drawn.length < 20) {
      const n = pool.length, limit = word - (word % n);
      let x; do { x = await read4(); } while (x >= limit);
      drawn.push(pool.splice(x % n, 1)[0]);
    }
    return drawn;
  }

  async function check(row, game) {
    const cell = row.querySelector(".browser-check");
    if (!subtle) { cell.textContent = "Your browser has no Web Crypto here (it needs https)."; return; }
    const link = bytes(row.dataset.link);
    const linkOk = hex(await subtle.digest("SHA-256", link)) === row.dataset.previous;
    cell.classList.remove("muted");
    if (game !== "crash" && game !== "keno") {
      // Other games' results are recomputed on the server (the column before) and by
      // `manage.py verify_round`; the browser checks the link.
      cell.textContent = linkOk ? "✓ link" : "✗ link";
      cell.classList.add(linkOk ? "ok" : "error");
      return;
    }
    let outcomeOk;
    if (game === "crash") {
      outcomeOk = (await crashPoint(link, row.dataset.salt, Number(row.dataset.edge || 1))) === Number(row.dataset.outcome);
    } else {
      outcomeOk = (await kenoDraw(link, row.dataset.salt, row.dataset.number)).join(",") === row.dataset.outcome;
    }
    cell.textContent = (linkOk ? "✓ link" : "✗ link") + ", " + (outcomeOk ? "✓ outcome" : "✗ outcome");
    cell.classList.add(linkOk && outcomeOk ? "ok" : "error");
  }

  document.querySelectorAll("table.verify").forEach((table) => {
    table.querySelectorAll("tr[data-link]").forEach((row) => check(row, table.dataset.game));
  });
})();
