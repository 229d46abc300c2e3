// The virtual sports: a pitch, a court or a table, a scoreboard and the run of play,
// replayed from the committed match (its goals and their minutes, or its points one by one).
// A board of the round-game page (rounds.js): draw(game) once, show(game, outcome, animate)
// for every result; `game` is the game's public description, `outcome` the committed one.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const PLAY_MS = 8000;
  const CALLS = ["0", "15", "30", "40"];

  // --- the events of each sport, in order, each with the scoreboard after it ------------

  function football(outcome) {
    const score = [0, 0];
    const steps = outcome.goals.map((goal) => {
      score[goal.side === "home" ? 0 : 1] += 1;
      return { at: goal.minute / 90, side: goal.side === "home" ? 0 : 1, board: score.join(" : "), note: `${goal.minute}′ goal, ${goal.side}` };
    });
    const notes = [];
    [0, 1].forEach((half) => {
      const seen = ["yellow", "red", "penalty"].filter((event) => outcome[event][half]).map((event) => (event === "penalty" ? "a penalty" : `a ${event} card`));
      notes.push(`${half ? "Second" : "First"} half: ${seen.length ? seen.join(", ") : "no card, no penalty"}`);
    });
    return { steps, start: "0 : 0", final: score.join(" : "), notes };
  }

  function tennis(outcome) {
    const games = [0, 0];
    let points = [0, 0];
    const n = outcome.points.length;
    const steps = Array.from(outcome.points, (p, i) => {
      const side = p === "1" ? 0 : 1;
      points[side] += 1;
      const tiebreak = games[0] === 6 && games[1] === 6;
      const target = tiebreak ? 7 : 4;
      let call;
      if (points[side] >= target && points[side] - points[1 - side] >= 2) {
        games[side] += 1;
        points = [0, 0];
        call = "game";
      } else if (tiebreak) {
        call = points.join("-");
      } else if (points[0] >= 3 && points[1] >= 3) {
        call = points[0] === points[1] ? "deuce" : `advantage ${points[0] > points[1] ? 1 : 2}`;
      } else {
        call = `${CALLS[points[0]]}-${CALLS[points[1]]}`;
      }
      return { at: (i + 1) / n, side, board: `${games.join(" : ")}`, note: call === "game" ? `Game player ${side + 1}: ${games.join("-")}` : "", call };
    });
    return { steps, start: "0 : 0", final: games.join(" : "), notes: [] };
  }

  function tableTennis(outcome) {
    const score = [0, 0];
    const n = outcome.points.length;
    const steps = Array.from(outcome.points, (p, i) => {
      const side = p === "A" ? 0 : 1;
      score[side] += 1;
      return { at: (i + 1) / n, side, board: score.join(" : "), note: "" };
    });
    return { steps, start: "0 : 0", final: score.join(" : "), notes: [] };
  }

  const SPORTS = { football, tennis, "table-tennis": tableTennis };

  // --- drawing --------------------------------------------------------------------------

  function field(sport, svg) {
    if (sport === "football") {
      Kit.svg("rect", { x: 2, y: 2, width: 316, height: 156, rx: 6, class: "rg-pitch" }, svg);
      Kit.svg("line", { x1: 160, y1: 2, x2: 160, y2: 158, class: "rg-lines" }, svg);
      Kit.svg("circle", { cx: 160, cy: 80, r: 22, class: "rg-lines" }, svg);
      Kit.svg("rect", { x: 2, y: 45, width: 40, height: 70, class: "rg-lines" }, svg);
      Kit.svg("rect", { x: 278, y: 45, width: 40, height: 70, class: "rg-lines" }, svg);
      Kit.svg("rect", { x: 0, y: 66, width: 4, height: 28, class: "rg-goalmouth" }, svg);
      Kit.svg("rect", { x: 316, y: 66, width: 4, height: 28, class: "rg-goalmouth" }, svg);
    } else if (sport === "tennis") {
      Kit.svg("rect", { x: 2, y: 2, width: 316, height: 156, rx: 6, class: "rg-court" }, svg);
      Kit.svg("rect", { x: 30, y: 22, width: 260, height: 116, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 30, y1: 36, x2: 290, y2: 36, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 30, y1: 124, x2: 290, y2: 124, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 95, y1: 36, x2: 95, y2: 124, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 225, y1: 36, x2: 225, y2: 124, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 95, y1: 80, x2: 225, y2: 80, class: "rg-lines" }, svg);
      Kit.svg("line", { x1: 160, y1: 14, x2: 160, y2: 146, class: "rg-net" }, svg);
    } else {
      Kit.svg("rect", { x: 2, y: 2, width: 316, height: 156, rx: 6, class: "rg-floor" }, svg);
      Kit.svg("rect", { x: 40, y: 30, width: 240, height: 100, class: "rg-table" }, svg);
      Kit.svg("line", { x1: 40, y1: 80, x2: 280, y2: 80, class: "rg-lines rg-thin" }, svg);
      Kit.svg("line", { x1: 160, y1: 22, x2: 160, y2: 138, class: "rg-net" }, svg);
    }
  }

  function scoreboard(game) {
    const board = Kit.el("div", "rg-scoreboard");
    const home = Kit.el("span", "rg-side rg-side-home", game.players[0]);
    const score = Kit.el("span", "rg-score", "0 : 0");
    score.id = "rg-score";
    const away = Kit.el("span", "rg-side rg-side-away", game.players[1]);
    board.append(home, score, away);
    return board;
  }

  function draw(game) {
    const wrap = Kit.el("div", "rg-match");
    wrap.appendChild(scoreboard(game));
    const svg = Kit.svg("svg", { viewBox: "0 0 320 160", class: `rg-field rg-field-${game.sport}`, role: "img" }, wrap);
    field(game.sport, svg);
    Kit.svg("circle", { cx: 160, cy: 80, r: game.sport === "football" ? 5 : 4, class: "rg-ball-dot", id: "rg-ball" }, svg);
    const clock = Kit.el("div", "rg-clock");
    const bar = Kit.el("span", "rg-clock-bar");
    bar.id = "rg-clock";
    clock.appendChild(bar);
    wrap.appendChild(clock);
    const call = Kit.el("p", "rg-call");
    call.id = "rg-call";
    wrap.appendChild(call);
    const log = Kit.el("ul", "rg-log");
    log.id = "rg-log";
    wrap.appendChild(log);
    $("board").appendChild(wrap);
  }

  // The ball heads for the side that won the step: into the goal, or onto the far court.
  function ballAt(sport, step, t) {
    const ball = $("rg-ball");
    if (!ball) return;
    let x = 160, y = 80;
    if (step) {
      const towards = step.side === 0 ? 1 : -1; // home attacks to the right
      if (sport === "football") { x = 160 + towards * 150; y = 80; } else { x = 160 + towards * (70 + 40 * Math.sin(t * 40)); y = 80 + 35 * Math.sin(t * 23); }
    }
    ball.setAttribute("cx", x.toFixed(1));
    ball.setAttribute("cy", y.toFixed(1));
  }

  function render(game, play, count, t) {
    const last = count ? play.steps[count - 1] : null;
    $("rg-score").textContent = last ? last.board : play.start;
    $("rg-clock").style.width = `${Math.round(t * 100)}%`;
    $("rg-call").textContent = game.sport === "football" ? `${Math.min(90, Math.round(t * 90))}′` : (last && last.call) || "";
    const notes = play.steps.slice(0, count).map((s) => s.note).filter(Boolean);
    if (t >= 1) notes.push(...play.notes);
    $("rg-log").replaceChildren(...notes.slice(-8).map((text) => Kit.el("li", "", text)));
    ballAt(game.sport, last, t);
  }

  function show(game, outcome, animate) {
    const play = SPORTS[game.sport](outcome);
    if (this.frame) cancelAnimationFrame(this.frame);
    if (!animate) { render(game, play, play.steps.length, 1); return; }
    const started = performance.now();
    const tick = (now) => {
      const t = Math.min(1, (now - started) / PLAY_MS);
      render(game, play, play.steps.filter((s) => s.at <= t).length, t);
      if (t < 1) this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  window.RoundBoards = window.RoundBoards || {};
  window.RoundBoards.match = { draw, show };
})();
