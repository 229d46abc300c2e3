// Wordfall's board: the 15x15 grid with its premium squares, the player's rack, and the
// move being built. Tap a rack tile then a square (or drag it there) to lay it; tap a laid
// tile to take it back; a blank asks which letter it stands for. The server judges the
// move and previews its words and score before it is sent (the page's `preview`).
(function () {
  "use strict";
  const { el } = window.Kit;
  const SIZE = 15;
  const CENTRE = 112;
  const PREMIUMS = { d: "DL", t: "TL", D: "DW", T: "TW" };
  const PREVIEW_DELAY_MS = 250;

  // What the player is building, kept across redraws of the same position.
  let built = { game: null, seq: null, laid: [], picked: null, swapping: false, swap: [], blankAt: null };
  let previewTimer = null;
  let previewText = "";

  function fresh(msg) {
    if (built.game !== msg.game || built.seq !== msg.seq) {
      built = { game: msg.game, seq: msg.seq, laid: [], picked: null, swapping: false, swap: [], blankAt: null };
      previewText = "";
    }
  }

  function name(msg, seat) {
    if (seat === msg.seat) return "You";
    const player = (msg.players || []).find((p) => p.seat === seat);
    return (player && player.name) || `Player ${seat + 1}`;
  }

  function myTurn(msg) {
    return msg.seat !== null && msg.status === "playing" && msg.to_act.includes(msg.seat);
  }

  function tileNode(letter, values, className) {
    const blank = letter === "?" || letter === letter.toLowerCase();
    const node = el("span", `wf-tile${blank ? " wf-blank" : ""}${className ? " " + className : ""}`);
    node.append(el("span", "wf-letter", letter === "?" ? "" : letter.toUpperCase()));
    node.append(el("span", "wf-value", blank ? "" : String(values[letter] || 0)));
    return node;
  }

  function scores(msg) {
    const view = msg.view;
    const list = el("ol", "wf-scores");
    for (let seat = 0; seat < view.seats; seat += 1) {
      const item = el("li", "wf-seat" + (view.turn === seat ? " wf-active" : "") + (seat === msg.seat ? " wf-me" : ""));
      item.dataset.seat = seat;
      item.append(el("span", "wf-name", name(msg, seat)), el("b", "wf-points", String(view.scores[seat])));
      item.append(el("span", "wf-small", `${view.rack_sizes[seat]} tiles`));
      if (view.overtime[seat] > 0) item.append(el("span", "wf-small wf-over", "overtime"));
      list.append(item);
    }
    const bag = el("li", "wf-bag");
    bag.dataset.bag = view.bag_size;
    bag.append(el("span", "wf-name", "Bag"), el("b", "wf-points", String(view.bag_size)));
    list.append(bag);
    return list;
  }

  function grid(msg, act, say, preview) {
    const view = msg.view;
    const laid = new Map(built.laid.map((t) => [t.at, t]));
    const last = new Set(view.last);
    const board = el("div", "wf-grid");
    for (let at = 0; at < SIZE * SIZE; at += 1) {
      const premium = view.layout[at];
      const square = el("button", "wf-square" + (PREMIUMS[premium] ? ` wf-${PREMIUMS[premium].toLowerCase()}` : ""));
      square.type = "button";
      square.dataset.square = at;
      const lying = view.board[at];
      if (lying !== ".") {
        square.append(tileNode(lying, view.values, last.has(at) ? "wf-last" : ""));
        square.disabled = true;
      } else if (laid.has(at)) {
        const tile = laid.get(at);
        square.append(tileNode(tile.letter, view.values, "wf-laid"));
        square.classList.add("wf-pending");
        square.addEventListener("click", () => {
          built.laid = built.laid.filter((t) => t.at !== at);
          redraw(msg, act, say, preview);
        });
      } else {
        square.append(el("span", "wf-premium", at === CENTRE ? "\u2605" : PREMIUMS[premium] || ""));
        if (!myTurn(msg) || built.swapping) square.disabled = true;
        square.addEventListener("click", () => drop(msg, act, say, preview, at));
      }
      board.append(square);
    }
    return board;
  }

  function drop(msg, act, say, preview, at) {
    if (built.picked === null) {
      say("Pick a tile from your rack first.");
      return;
    }
    const letter = msg.view.rack[built.picked];
    if (letter === "?") {
      built.blankAt = { at: at, index: built.picked };
    } else {
      built.laid.push({ at: at, index: built.picked, letter: letter });
    }
    built.picked = null;
    redraw(msg, act, say, preview);
  }

  function rack(msg, act, say, preview) {
    const view = msg.view;
    const used = new Set(built.laid.map((t) => t.index));
    if (built.blankAt) used.add(built.blankAt.index);
    const row = el("div", "wf-rack");
    view.rack.forEach((letter, index) => {
      const button = el("button", "wf-rack-tile");
      button.type = "button";
      button.dataset.rack = index;
      button.dataset.letter = letter;
      button.append(tileNode(letter, view.values));
      const chosen = built.swapping ? built.swap.includes(index) : built.picked === index;
      if (chosen) button.classList.add("wf-picked");
      if (used.has(index)) {
        button.disabled = true;
        button.classList.add("wf-used");
      } else if (!myTurn(msg)) {
        button.disabled = true;
      }
      button.addEventListener("click", () => {
        if (built.swapping) {
          built.swap = chosen ? built.swap.filter((i) => i !== index) : [...built.swap, index];
        } else {
          built.picked = chosen ? null : index;
        }
        redraw(msg, act, say, preview);
      });
      dragFrom(button, index, msg, act, say, preview);
      row.append(button);
    });
    return row;
  }

  // Dragging a rack tile onto a square: pointer events, so a finger works as a mouse does.
  function dragFrom(button, index, msg, act, say, preview) {
    button.addEventListener("pointerdown", (down) => {
      if (button.disabled || built.swapping) return;
      let moved = false;
      const move = (event) => {
        if (Math.abs(event.clientX - down.clientX) + Math.abs(event.clientY - down.clientY) > 8) moved = true;
      };
      const up = (event) => {
        document.removeEventListener("pointermove", move);
        document.removeEventListener("pointerup", up);
        if (!moved) return; // a tap: the click handler picks the tile
        const target = document.elementFromPoint(event.clientX, event.clientY);
        const square = target && target.closest("[data-square]");
        if (square && !square.disabled) {
          built.picked = index;
          drop(msg, act, say, preview, Number(square.dataset.square));
        }
      };
      document.addEventListener("pointermove", move);
      document.addEventListener("pointerup", up);
    });
  }

  function blankChooser(msg, act, say, preview) {
    const box = el("div", "wf-chooser");
    box.append(el("p", "wf-small", "Which letter is the blank?"));
    const letters = el("div", "wf-letters");
    for (const letter of msg.view.letters) {
      const button = el("button", "wf-choice", letter);
      button.type = "button";
      button.dataset.blankLetter = letter;
      button.addEventListener("click", () => {
        built.laid.push({ at: built.blankAt.at, index: built.blankAt.index, letter: letter.toLowerCase() });
        built.blankAt = null;
        redraw(msg, act, say, preview);
      });
      letters.append(button);
    }
    const cancel = el("button", "wf-choice wf-cancel", "Cancel");
    cancel.type = "button";
    cancel.addEventListener("click", () => {
      built.blankAt = null;
      redraw(msg, act, say, preview);
    });
    letters.append(cancel);
    box.append(letters);
    return box;
  }

  function placement() {
    return built.laid.map((t) => [Math.floor(t.at / SIZE), t.at % SIZE, t.letter]);
  }

  function button(label, move, enabled, onClick) {
    const node = el("button", "button wf-button", label);
    node.type = "button";
    node.dataset.move = move;
    node.disabled = !enabled;
    node.addEventListener("click", () => {
      node.disabled = true;
      onClick();
    });
    return node;
  }

  function controls(msg, act, say, preview) {
    const view = msg.view;
    const box = el("div", "wf-controls");
    const mine = myTurn(msg);
    if (built.swapping) {
      box.append(
        button(`Exchange ${built.swap.length}`, "confirm-exchange", mine && built.swap.length > 0, () =>
          act({ type: "exchange", tiles: built.swap.map((i) => view.rack[i]) })),
        button("Cancel", "cancel-exchange", true, () => {
          built.swapping = false;
          built.swap = [];
          redraw(msg, act, say, preview);
        }),
      );
      return box;
    }
    box.append(
      button("Play", "play", mine && built.laid.length > 0, () => act({ type: "place", tiles: placement() })),
      button("Recall", "recall", built.laid.length > 0, () => {
        built.laid = [];
        built.picked = null;
        redraw(msg, act, say, preview);
      }),
      button("Exchange", "exchange", mine && view.can_exchange && built.laid.length === 0, () => {
        built.swapping = true;
        redraw(msg, act, say, preview);
      }),
      button("Pass", "pass", mine, () => act({ type: "pass" })),
    );
    return box;
  }

  function describe(record, msg) {
    const who = name(msg, record.seat);
    if (record.kind === "pass") return `${who} passed`;
    if (record.kind === "exchange") return `${who} exchanged ${record.count} tile${record.count > 1 ? "s" : ""}`;
    const words = record.words.map((w) => `${w[0]} ${w[1]}`).join(", ");
    return `${who}: ${words}${record.count === 7 ? " + bingo 50" : ""} = ${record.score}`;
  }

  function history(msg) {
    const list = el("ol", "wf-history");
    list.reversed = true;
    for (const record of msg.view.history.slice().reverse()) list.append(el("li", "", describe(record, msg)));
    return list;
  }

  function result(msg) {
    const view = msg.view;
    const done = view.result;
    const box = el("div", "wf-result");
    const reasons = {
      out: `${name(msg, done.out)} went out`,
      passes: "Every player passed three rounds in a row",
      time: "A player went five minutes over the time",
      forfeit: `${name(msg, done.forfeited)} left the game`,
    };
    box.append(el("p", "", reasons[done.reason] || "The game is over"));
    const table = el("table", "wf-final");
    const head = el("tr");
    ["", "Tiles left", "Time", "Final"].forEach((t) => head.append(el("th", "", t)));
    table.append(head);
    for (let seat = 0; seat < view.seats; seat += 1) {
      const row = el("tr");
      const rackText = seat === done.out && done.bonus ? `+${done.bonus}` : done.racks[seat] ? `\u2212${done.racks[seat]}` : "0";
      row.append(el("td", "", name(msg, seat)), el("td", "", rackText));
      row.append(el("td", "", done.time[seat] ? `\u2212${done.time[seat]}` : "0"), el("td", "", String(view.scores[seat])));
      table.append(row);
    }
    box.append(table);
    return box;
  }

  function askPreview(msg, act, say, preview) {
    clearTimeout(previewTimer);
    if (!preview || !built.laid.length || !myTurn(msg)) return;
    const seq = msg.seq;
    previewTimer = setTimeout(() => {
      preview({ type: "place", tiles: placement() }, (answer) => {
        if (!answer || built.seq !== seq) return;
        const words = (answer.words || []).map((w) => `${w[0]} ${w[1]}`).join(", ");
        previewText = answer.ok
          ? `${words}: ${answer.score} points`
          : `${answer.reason}${answer.score !== undefined ? ` (${answer.score} points)` : ""}`;
        const line = document.querySelector(".wf-preview");
        if (line) {
          line.textContent = previewText;
          line.classList.toggle("wf-bad", !answer.ok);
        }
      });
    }, PREVIEW_DELAY_MS);
  }

  let redraw = null;

  function render(root, msg, act, say, preview) {
    fresh(msg);
    redraw = (m, a, s, p) => render(root, m, a, s, p);
    const view = msg.view;
    const box = el("div", "wf-board");
    box.dataset.seq = msg.seq;
    box.append(scores(msg), grid(msg, act, say, preview));
    if (view.result) {
      box.append(result(msg));
    } else if (view.rack) {
      const line = el("p", "wf-preview", built.laid.length ? previewText || "\u2026" : "");
      box.append(line);
      if (built.blankAt) box.append(blankChooser(msg, act, say, preview));
      box.append(rack(msg, act, say, preview), controls(msg, act, say, preview));
    }
    box.append(history(msg));
    root.replaceChildren(box);
    askPreview(msg, act, say, preview);
    if (view.result) say("The game is over.");
    else if (built.swapping) say("Pick the tiles to exchange, then confirm.");
    else if (myTurn(msg)) say(built.laid.length ? "Play the word, or take tiles back by tapping them." : "Your turn: lay tiles from your rack, exchange or pass.");
    else if (view.turn !== null) say(`${name(msg, view.turn)} to play.`);
  }

  window.GameBoards = window.GameBoards || {};
  window.GameBoards.wordfall = { render: render };
})();
