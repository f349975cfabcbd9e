// A game several people play, each in their own browser (play.js draws it). The address
// carries the game (/play?game=ID), so a reload opens it again; a seat's link
// (&seat=TOKEN) or the room's (&room=ROOM) first takes the seat, which the browser then
// holds as a cookie. Every change comes from the server as an event; the page then asks for
// the game as its seat sees it.
"use strict";

const together = (() => {
  let source = null;
  let sourceId = null;
  const RETRY_MS = 10000;

  // The address of a game: its own, without a seat's token (the cookie holds the seat).
  function remember(id) {
    const url = new URL(location.href);
    if (url.searchParams.get("game") === id && !url.searchParams.has("seat")
        && !url.searchParams.has("room")) return;
    url.searchParams.set("game", id);
    url.searchParams.delete("seat");
    url.searchParams.delete("room");
    history.replaceState(null, "", url);
  }

  // Each change of the game: asked for again, unless this page made it and has it.
  function listen(id) {
    if (sourceId === id) return;
    if (source) source.close();
    sourceId = id;
    source = new EventSource(`/api/games/${id}/events`);
    source.onmessage = async event => {
      const seen = JSON.parse(event.data);
      $("live").hidden = true;
      if (!game || game.id !== id || busy) return;
      if (seen.version === game.version && seen.moves === game.state.moves) return;
      try {
        show(await api("GET", `/api/games/${id}`));
      } catch (err) {
        showError(err);
      }
    };
    source.onerror = () => {
      $("live").hidden = false;  // a lost connection: it tries again by itself
      // a refusal (too many watching, 429): the browser gives up, so this page tries again
      if (source.readyState === EventSource.CLOSED) setTimeout(() => retry(id), RETRY_MS);
    };
  }

  function retry(id) {
    if (sourceId !== id || !source || source.readyState !== EventSource.CLOSED) return;
    sourceId = null;
    listen(id);
  }

  function linkRow(label, path, cls) {
    const url = new URL(path, location.origin).href;
    return el("li", { class: cls }, el("span", { class: "link-label" }, label), " ",
      el("input", { type: "text", readonly: true, value: url, class: "link", "aria-label": label,
                    onfocus: event => event.target.select() }));
  }

  // Who this page plays (or that it watches), and the links a shared game's creator hands out.
  function drawSeat(answer) {
    const box = $("seat-info");
    box.replaceChildren();
    const names = answer.you.map(seat => answer.state.players[seat].name);
    box.append(el("p", { class: "you" }, names.length
      ? t("you-play", { name: names.join(", ") }) : t("you-watch")));
    box.dataset.seats = answer.you.join(",");
    drawUndo(box, answer);
    if (!answer.links) return;
    const list = el("ul", { class: "links" });
    for (const seat of answer.links.seats) {
      if (!seat.yours) list.append(linkRow(t("seat-link", { name: seat.name }), seat.link, "seat-link"));
    }
    if (answer.links.room) list.append(linkRow(t("room-link"), answer.links.room, "room-link"));
    list.append(linkRow(t("watch-link"), answer.links.watch, "watch-link"));
    box.append(el("details", { class: "invite", open: answer.state.moves < 2 ? true : null },
      el("summary", {}, t("links-heading")), el("p", { class: "muted" }, t("links-lead")), list));
  }

  // Taking a confirmed move back: at once against bots, else once the others agree.
  function drawUndo(box, answer) {
    const asked = answer.undo;
    if (asked && asked.yours_to_answer) {
      box.append(el("div", { class: "undo-asked", role: "alert" },
        el("p", {}, t("undo-asked", { name: asked.name })),
        el("button", { type: "button", id: "undo-allow", class: "primary",
                       onclick: () => reply(true) }, t("undo-allow")), " ",
        el("button", { type: "button", id: "undo-refuse", onclick: () => reply(false) },
           t("undo-refuse"))));
    } else if (asked && asked.asked_by_you) {
      box.append(el("p", { class: "undo-waiting muted" }, t("undo-waiting")));
    } else if (answer.can_undo) {
      box.append(el("p", {}, el("button", { type: "button", id: "take-back", onclick: takeBack },
                                t("take-back"))));
    }
  }

  async function takeBack() {
    try {
      show(await api("POST", `/api/games/${game.id}/undo`, { turn: game.state.moves }));
    } catch (err) {
      showError(err);
    }
  }

  async function reply(yes) {
    try {
      show(await api("POST", `/api/games/${game.id}/undo/answer`, { yes }));
    } catch (err) {
      showError(err);
    }
  }

  // play.js's show() calls this with every answer about the game.
  function shown(answer) {
    remember(answer.id);
    listen(answer.id);
    drawSeat(answer);
  }

  // A game named in the address: its seat taken first when the link holds one.
  async function openFromAddress() {
    const url = new URL(location.href);
    const id = url.searchParams.get("game");
    if (!id) return;
    $("setup").hidden = true;
    $("game").hidden = false;
    const seat = url.searchParams.get("seat");
    const room = url.searchParams.get("room");
    let answer;
    try {
      if (seat || room) {
        try {
          answer = await api("POST", `/api/games/${encodeURIComponent(id)}/join`,
                             seat ? { token: seat } : { room });
        } catch (err) {
          if (err.status !== 409 && err.status !== 403) throw err;
          showError(err);  // the room is full, or the link holds no seat: watch
        }
      }
      answer = answer || await api("GET", `/api/games/${encodeURIComponent(id)}`);
    } catch (err) {
      showError(err);
      $("game").hidden = true;
      $("setup").hidden = false;
      return;
    }
    show(answer);
    const last = answer.state.log[answer.state.log.length - 1];
    if (last && last.move && last.move.at) board.reveal(...last.move.at); else board.reveal(0, 0);
  }

  return { shown, openFromAddress };
})();

together.openFromAddress();
