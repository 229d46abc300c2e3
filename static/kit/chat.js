// The board kit's table chat panel (Kit.chat): the log of the game's chat lines, a line to
// type in, and a "Report" button on the other players' lines. Text is only ever set as
// text, never as HTML. The page owns the socket: it passes its send function in, and hands
// the panel the chat, chat_log, reported and error messages (handle returns true for the
// errors that are the chat's own).
(function () {
  "use strict";
  const { el } = window.Kit;
  const CHAT_ERRORS = new Set(["muted"]);

  function chat(panel, send, mySeat) {
    const log = panel.querySelector("[data-chat-log]");
    const form = panel.querySelector("[data-chat-form]");
    const note = panel.querySelector("[data-chat-note]");
    const shown = new Set();
    let waitingForReply = false;

    function tell(text, kind) {
      note.textContent = text || "";
      note.className = "kit-chat-note" + (kind ? " " + kind : "");
    }

    function lineItem(line) {
      const item = el("li", "kit-chat-line" + (line.seat === mySeat ? " mine" : ""));
      item.dataset.line = line.id;
      item.append(el("b", "", line.name + ": "), el("span", "kit-chat-text", line.text));
      if (line.seat !== mySeat) {
        const report = el("button", "kit-chat-report", "Report");
        report.type = "button";
        report.title = "Report this message to staff";
        report.addEventListener("click", () => {
          if (confirm(`Report this message from ${line.name} to staff?`)) {
            send({ type: "report", line: line.id });
          }
        });
        item.append(report);
      }
      return item;
    }

    function add(line) {
      if (shown.has(line.id)) return;
      shown.add(line.id);
      const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
      log.append(lineItem(line));
      if (atBottom || line.seat === mySeat) log.scrollTop = log.scrollHeight;
      if (line.seat !== mySeat && panel.tagName === "DETAILS" && !panel.open) {
        panel.querySelector("[data-chat-unread]").hidden = false;
      }
    }

    panel.addEventListener("toggle", () => {
      if (panel.open) panel.querySelector("[data-chat-unread]").hidden = true;
    });

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = form.elements.text;
      if (!input.value.trim()) return;
      // The text stays in the box until the line comes back: a refused line can be sent again.
      if (send({ type: "chat", text: input.value })) {
        waitingForReply = true;
        tell("");
      } else {
        tell("Not connected: your message was not sent.", "error");
      }
    });

    return {
      handle(msg) {
        if (msg.type === "chat_log") {
          shown.clear();
          log.replaceChildren();
          msg.lines.forEach(add);
          return true;
        }
        if (msg.type === "chat") {
          if (msg.seat === mySeat && waitingForReply) {
            waitingForReply = false;
            form.elements.text.value = "";
          }
          add(msg);
          return true;
        }
        if (msg.type === "reported") {
          const item = log.querySelector(`[data-line="${msg.line}"] .kit-chat-report`);
          if (item) {
            item.textContent = "Reported";
            item.disabled = true;
          }
          tell("Thank you: staff will look at that message.", "ok");
          return true;
        }
        if (msg.type === "error" && (CHAT_ERRORS.has(msg.code) || (waitingForReply && msg.code === "rate_limited"))) {
          waitingForReply = false;
          tell(msg.message, "error");
          return true;
        }
        return false;
      },
    };
  }

  window.Kit.chat = chat;
})();
