// Steps through a finished game: each frame is the public view rebuilt on the server
// from the revealed seed and the action log.
(function () {
  "use strict";
  const frames = JSON.parse(document.getElementById("frames").textContent);
  const boardEl = document.querySelector("[data-board]");
  const boards = window.GameBoards || {};
  const board = boards[boardEl.dataset.slug] || boards.generic;
  const scrub = document.querySelector("[data-scrub]");
  const caption = document.querySelector("[data-caption]");
  const status = document.querySelector("[data-status]");
  let at = 0;

  function show(index) {
    at = Math.max(0, Math.min(frames.length - 1, index));
    scrub.value = at;
    const f = frames[at];
    caption.textContent = at === 0 ? "Start" : `Move ${f.seq}: seat ${f.seat + 1} (${f.actor})`;
    const msg = { seat: null, seq: f.seq, view: f.view, legal: [], to_act: [], deadline: null, clocks: {}, players: f.players, status: "replay" };
    if (board) board.render(boardEl, msg, () => {}, (text) => (status.textContent = text));
  }
  document.querySelectorAll("[data-step]").forEach((b) => b.addEventListener("click", () => show(at + Number(b.dataset.step))));
  scrub.addEventListener("input", () => show(Number(scrub.value)));
  show(0);
})();
