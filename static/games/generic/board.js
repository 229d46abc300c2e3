// The generic board: draws any engine's view as labelled values and offers the seat's
// legal actions (msg.legal) as buttons, sent as they are. A game is playable through it the
// day its engine is registered; a family board of its own (static/games/<family>/board.js)
// replaces it when the game wants a real table.
//
// A view gets drawn pieces by naming them: a list of dice values under a key ending in
// "dice", card codes ("AS", "TH") under one ending in "hand", "cards" or "trick", domino
// tiles ([a, b]) under one ending in "tiles", and amounts in minor units under one ending
// in "stake", "pot", "bet" or "amount".
(function () {
  "use strict";
  const { el, card, die, tile, chip } = window.Kit;
  const DEEPEST = 4; // deeper values are shown as text: a view is meant to be shallow
  const CARD = /^([2-9TJQKA]|10)[CDHS]$/;
  const PIECES = [
    { key: /dice$/, fits: (v) => Number.isInteger(v) && v >= 1 && v <= 6, draw: die },
    { key: /(hand|cards|trick)$/, fits: (v) => typeof v === "string" && CARD.test(v), draw: card },
    { key: /tiles$/, fits: (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger), draw: tile },
  ];
  const AMOUNT = /(stake|pot|bet|amount)$/;

  // The pieces a named value is made of, or null when it is not one.
  function drawPieces(key, value) {
    if (AMOUNT.test(key) && Number.isInteger(value)) return chip(value);
    if (!Array.isArray(value) || !value.length) return null;
    const kind = PIECES.find((piece) => piece.key.test(key) && value.every(piece.fits));
    if (!kind) return null;
    const row = el("span", "gb-pieces");
    for (const item of value) row.appendChild(kind.draw(item));
    return row;
  }

  function words(key) {
    const text = String(key).replace(/_/g, " ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function scalar(value) {
    if (value === null || value === undefined) return "–";
    if (typeof value === "boolean") return value ? "yes" : "no";
    return String(value);
  }

  function isScalar(value) {
    return value === null || typeof value !== "object";
  }

  function drawValue(value, depth) {
    if (isScalar(value)) return el("span", "gb-value", scalar(value));
    if (depth >= DEEPEST) return el("code", "gb-value", JSON.stringify(value));
    if (Array.isArray(value)) {
      if (value.every(isScalar)) return el("span", "gb-value", value.length ? value.map(scalar).join(" · ") : "none");
      const list = el("ol", "gb-list");
      for (const item of value) list.appendChild(el("li")).appendChild(drawValue(item, depth + 1));
      return list;
    }
    const facts = el("dl", "gb-facts");
    for (const [key, item] of Object.entries(value)) {
      const definition = el("dd");
      definition.appendChild(drawPieces(key, item) || drawValue(item, depth + 1));
      facts.append(el("dt", "", words(key)), definition);
    }
    return facts;
  }

  // "Play: sign rock", "Draw", or the engine's own label when the action carries one.
  function actionLabel(action) {
    if (typeof action.label === "string") return action.label;
    const parts = Object.entries(action)
      .filter(([key]) => key !== "type")
      .map(([key, value]) => `${words(key).toLowerCase()} ${isScalar(value) ? scalar(value) : JSON.stringify(value)}`);
    const head = typeof action.type === "string" ? words(action.type) : "";
    if (!parts.length) return head || "Play";
    return head ? `${head}: ${parts.join(", ")}` : words(parts.join(", "));
  }

  function controls(msg, act) {
    const box = el("div", "gb-actions");
    const buttons = (msg.legal || []).map((action, index) => {
      const button = el("button", "button gb-action", actionLabel(action));
      button.type = "button";
      button.dataset.action = index;
      button.addEventListener("click", () => {
        // One answer per state: the next message (or a refusal) brings the buttons back.
        box.querySelectorAll("button").forEach((b) => (b.disabled = true));
        act(action);
      });
      return button;
    });
    box.append(...buttons);
    return box;
  }

  function render(root, msg, act) {
    const container = el("div", "gb-board");
    container.dataset.gbSeq = msg.seq;
    container.append(drawValue(msg.view, 0));
    const mine = msg.seat !== null && msg.seat !== undefined && (msg.to_act || []).includes(msg.seat);
    if (mine && (msg.legal || []).length) container.append(controls(msg, act));
    root.replaceChildren(container);
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards.generic = { render };
})();
