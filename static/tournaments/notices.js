// Any page of a player in a tournament: the board kit's socket to the notices endpoint
// shows "your game is ready" with a link to it (the kit handles `tournament_game` itself).
(function () {
  "use strict";
  if (!window.Kit) return;
  const link = window.Kit.socket("/ws/tournaments/notices/", { onMessage() {} });
  setInterval(() => link.send({ type: "here" }), 60000);
})();
