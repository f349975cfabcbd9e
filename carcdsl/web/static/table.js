// Table mode: a game played on a real table, entered as it is played. Each turn the person
// names the tile drawn (from those left), clicks where it was put and what went on it; what
// is offered is what the engine lists for that tile (turn.choices), never the rule set's
// names. A square where the tile does not fit in the rotation shown may be clicked too: the
// engine refuses it and the page says which rule. The game is kept on the server (every entry
// stored before it is answered) and the URL names it (?game=ID): a reload, or the link opened
// after a restart, finds the same turn.
"use strict";

const $ = id => document.getElementById(id);
const board = new BoardView($("board"));
let game = null;   // the last answer of the API about the table game
let turn = null;   // what the mover may do with the tile named (POST .../tile), or the open turn
let pick = null;   // {tile, rotation, at, choice}
let busy = false;

// --- setting up ------------------------------------------------------------------------------
function seatRow(name) {
  const row = el("li", { class: "seat" },
    el("input", { class: "name", value: name, "aria-label": t("player"), maxlength: 40 }), " ",
    el("button", { type: "button", class: "remove", title: t("remove-player"),
                   onclick: () => { if ($("seats").children.length > 1) row.remove(); } }, "×"));
  return row;
}

async function setUp() {
  const id = new URL(location.href).searchParams.get("game");
  if (id) {  // a game kept on the server: open it where it is
    try {
      opened(await api("GET", `/api/table/${encodeURIComponent(id)}`));
      return;
    } catch (err) {
      showError(err);  // gone (or never was): a new game may be started instead
    }
  }
  const catalogue = await api("GET", "/api/catalogue");
  fillRuleChoice($("rules"), $("variants"), catalogue, () => {});
  for (const n of [1, 2]) $("seats").append(seatRow(t("player") + " " + n));
  $("add-seat").onclick = () => $("seats").append(seatRow(t("player") + " " + ($("seats").children.length + 1)));
  $("new-table").onsubmit = start;
}

async function start(event) {
  event.preventDefault();
  const players = [...$("seats").children].map(row => ({ name: row.querySelector("input.name").value }));
  try {
    $("start").disabled = true;
    opened(await api("POST", "/api/table", { rules: $("rules").value, variants: chosenVariants($("variants")), players }));
  } catch (err) {
    showError(err);
  } finally {
    $("start").disabled = false;
  }
}

// The game shown, its id in the URL (a reload opens it again).
function opened(answer) {
  const url = new URL(location.href);
  if (url.searchParams.get("game") !== answer.id) {
    url.searchParams.set("game", answer.id);
    history.replaceState(null, "", url);
  }
  show(answer);
  $("setup").hidden = true;
  $("game").hidden = false;
  board.reveal(0, 0);
}

// --- a turn -----------------------------------------------------------------------------------
const choices = () => (turn ? turn.choices : []);
const placements = () => choices().filter(c => c.tile === pick.tile);
const decisions = () => choices().filter(c => c.does === "decide");
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const optionsAt = () => placements().filter(c => c.rotation === pick.rotation && same(c.at, pick.at));

async function pickTile(tile) {
  if (busy) return;
  try {
    turn = await api("POST", `/api/table/${game.id}/tile`, { tile, turn: game.state.moves });
    const first = turn.choices.find(c => c.tile === tile);
    pick = { tile, rotation: first ? first.rotation : 0, at: null, choice: null };
    refused(null);
    drawTurn();
  } catch (err) {
    refused(err);
  }
}

function rotate(step) {
  if (!pick || !pick.tile || pick.at) return;
  pick.rotation = (pick.rotation + 90 * (step || 1) + 360) % 360;
  drawTurn();
}

// A square clicked: where the tile fits in this rotation, its options; elsewhere the placement
// goes to the engine, which refuses it and says why.
async function placeAt(at) {
  const fits = placements().some(c => c.rotation === pick.rotation && same(c.at, at));
  if (!fits) {
    await send(pick.tile, { tile: pick.tile, at, rotation: pick.rotation });
    return;
  }
  pick.at = at;
  pick.choice = null;
  const options = optionsAt();
  if (options.length === 1) pick.choice = options[0];
  drawTurn();
}

function choose(choice) {
  if (choice.does === "decide") pick.at = null;  // a decision instead of the tile's spot
  pick.choice = choice;
  drawTurn();
}

function back() {
  if (!pick) return;
  if (pick.choice && (pick.choice.does === "decide" || optionsAt().length > 1)) pick.choice = null;
  else if (pick.at) { pick.at = null; pick.choice = null; }
  else { pick = null; turn = game.open; }
  drawTurn();
}

async function send(tile, move) {
  if (busy) return;
  busy = true;
  try {
    show(await api("POST", `/api/table/${game.id}/moves`, { tile, move, turn: game.state.moves }));
  } catch (err) {
    if (err.data && err.data.draw) { askDraw(tile, move, err); return; }
    refused(err);
    if (err.status === 409) show(await api("GET", `/api/table/${game.id}`));
  } finally {
    busy = false;
  }
}

// The tile named goes with the move; an open turn (a decision, a last turn) names none.
function confirmMove() {
  if (pick && pick.choice) send(game.open ? null : turn.tile, pick.choice.move);
}

// The move drew from a bag (a rule's draw BAG): the players say what came out, and the move
// goes again saying it (the record's "drawn"), as often as it draws.
function askDraw(tile, move, err) {
  const box = el("div", { class: "options draws", id: "draws" }, el("p", {}, err.message),
    err.data.draw.options.map(o => el("button", { type: "button", class: "option", "data-token": o.token,
      onclick: () => send(tile, { ...move, drawn: [...(move.drawn || []), o.token] }) },
      `${o.word} ${t("table-count", { n: o.count })}`)));
  const old = $("draws");
  if (old) old.replaceWith(box); else $("turn").append(box);
}

async function endGame() {
  if (busy || !game || game.state.finished || !window.confirm(t("table-end-sure"))) return;
  busy = true;
  try {
    show(await api("POST", `/api/table/${game.id}/end`, { turn: game.state.moves }));
  } catch (err) {
    refused(err);
  } finally {
    busy = false;
  }
}

function refused(err) {
  const box = $("refused");
  box.hidden = !err;
  if (!err) return;
  box.textContent = t("table-refused", { reason: err.message });
  if (err.data && err.data.rule) box.dataset.rule = err.data.rule;
  toast(box.textContent, true);
}

// --- drawing ------------------------------------------------------------------------------
function show(answer) {
  game = answer;
  turn = game.open;
  pick = null;
  board.render(game.board);
  renderPlayers($("players"), game.state);
  $("supply").textContent = t("table-left", { n: game.tiles_left });
  renderLog($("log"), game.state.log);
  renderResult($("result"), game.state.result);
  if (game.state.finished) {
    $("result").append(el("p", {}, el("a", { href: `/api/table/${game.id}/record`, download: "",
                                             id: "download", class: "button" }, t("download-record"))));
  }
  $("plot").innerHTML = game.plot;
  drawTrack();
  $("end").disabled = game.state.finished || !game.yours ? true : null;
  $("game").dataset.moves = game.state.moves;
  $("game").dataset.finished = game.state.finished;
  drawTurn();
}

function drawTrack() {
  const names = game.state.players.map(p => p.name);
  const head = el("tr", {}, el("th", {}, t("table-move")), el("th", {}, t("table-by")),
    ...names.map(n => el("th", {}, n)));
  const rows = game.track.map(r => el("tr", { "data-move": r.move === null ? "start" : r.move },
    el("td", {}, r.move === null ? t("table-start-row") : r.move === "final" ? t("table-final-row") : r.move),
    el("td", {}, r.player || ""),
    ...r.scores.map((s, seat) => el("td", { "data-track-seat": seat }, s))));
  $("track").replaceChildren(head, ...rows);
}

function drawTurn() {
  const box = $("turn");
  box.replaceChildren();
  board.clearOverlay();
  const state = game.state;
  if (state.finished) return;
  if (!game.yours) {  // another browser started the game: only it enters moves
    box.append(el("p", { id: "watching", class: "muted" }, t("you-watch")));
    return;
  }
  const mover = state.players[state.current].name;
  if (!pick && game.open) {  // a decision to make, or a last turn for a tile a player owns
    pick = { tile: null, rotation: 0, at: null, choice: null };
  }
  if (!pick) { drawLeft(box, mover); return; }
  box.dataset.rotation = pick.rotation;
  if (decisions().length) drawDecisions(box);
  if (!pick.tile) {
    const tiles = [...new Set(choices().filter(c => c.tile).map(c => c.tile))];
    if (tiles.length) box.append(el("div", { class: "hand" }, tiles.map(name => tileButton(name, null,
      () => { pick = { tile: name, rotation: choices().find(c => c.tile === name).rotation, at: null, choice: null }; drawTurn(); }))));
    if (pick.choice) drawConfirm(box);
    return;
  }
  box.append(el("p", { class: "to-move" }, t("your-turn", { player: mover }) + (state.again ? " " + t("again") : "")));
  const others = [...new Set(choices().filter(c => c.tile && c.tile !== pick.tile).map(c => c.tile))];
  box.append(el("div", { class: "hand" }, tileButton(pick.tile, turn.tiles[pick.tile][String(pick.rotation)], null, true),
    others.map(name => tileButton(name, turn.tiles[name][String(choices().find(c => c.tile === name).rotation)],
      () => { pick = { tile: name, rotation: choices().find(c => c.tile === name).rotation, at: null, choice: null }; drawTurn(); }))));
  if (turn.discard) {
    box.append(el("p", {}, t("table-fits-nowhere", { tile: pick.tile, player: mover })),
      el("p", { class: "actions" },
        el("button", { type: "button", id: "discard", class: "primary",
                       onclick: () => send(pick.tile, { discard: pick.tile }) }, t("table-discard")),
        " ", el("button", { type: "button", id: "undo", onclick: back }, t("table-other-tile"))));
    return;
  }
  if (!pick.at) {
    box.append(el("p", { class: "rotation" },
      el("button", { type: "button", id: "rotate", onclick: () => rotate(1), title: t("rotate-key") }, "↻ " + t("rotate")),
      " " + t("rotation-is", { degrees: pick.rotation, n: new Set(placements().map(c => c.rotation)).size })),
      el("p", { class: "hint" }, t("table-click")),
      el("p", {}, el("button", { type: "button", id: "undo", onclick: back }, t("table-other-tile"))));
    drawSquares();
    return;
  }
  drawPlaced();
  const list = el("div", { class: "options" });
  for (const c of optionsAt()) {
    list.append(el("button", { type: "button", class: "option" + (c === pick.choice ? " chosen" : ""),
                               "data-choice": JSON.stringify(c.move), "data-does": c.does, onclick: () => choose(c) },
      c.label || t("no-follower", { follower: state.follower_one })));
  }
  box.append(el("p", {}, t("choose-spot")), list);
  drawConfirm(box);
}

function drawLeft(box, mover) {
  box.append(el("p", { class: "to-move" }, t("table-pick", { player: mover })));
  box.append(el("div", { class: "hand tiles-left" }, game.left.map(l =>
    tileButton(l.tile, l.picture, () => pickTile(l.tile), false, l.count))));
}

function tileButton(name, picture, onclick, chosen, count) {
  return el("button", { type: "button", class: "tile-button" + (chosen ? " chosen" : ""), "data-tile": name,
                        title: t("tile-named", { name }), onclick, "aria-pressed": chosen ? "true" : null },
    picture ? tilePicture(picture, chosen ? 120 : 60, name) : null,
    el("span", {}, name), count ? el("span", { class: "count" }, " " + t("table-count", { n: count })) : null);
}

function drawDecisions(box) {
  const list = el("div", { class: "options decisions" });
  for (const c of decisions()) {
    list.append(el("button", { type: "button", class: "option decision" + (c === pick.choice ? " chosen" : ""),
                               "data-choice": JSON.stringify(c.move), "data-decide": c.decide,
                               onclick: () => choose(c) }, c.label));
  }
  box.append(el("p", {}, t(pick.tile ? "before-tile" : "decide")), list);
  for (const c of decisions().filter(c => c.anchor)) {  // and a mark on what it acts on
    const [cx, cy] = board.corner(...c.square);
    board.overlay.append(svgEl("circle", { cx: cx + c.anchor[0], cy: cy + c.anchor[1], r: 10,
      class: "spot decide" + (c === pick.choice ? " chosen" : ""), "data-choice": JSON.stringify(c.move),
      onclick: () => choose(c) }));
  }
  if (pick.tile && pick.choice && pick.choice.does === "decide") drawConfirm(box);  // a ransom
}

function drawConfirm(box) {
  box.append(el("p", { class: "actions" },
    el("button", { type: "button", id: "confirm", class: "primary", disabled: pick.choice ? null : true,
                   onclick: confirmMove }, t("confirm")),
    " ", el("button", { type: "button", id: "undo", onclick: back }, t("undo"))));
}

function drawSquares() {
  for (const at of game.squares) {
    const here = placements().filter(c => same(c.at, at));
    const cls = here.some(c => c.rotation === pick.rotation) ? "fit" : here.length ? "fit other" : "fit none";
    const [px, py] = board.corner(...at);
    board.overlay.append(svgEl("rect", { x: px + 3, y: py + 3, width: 94, height: 94, rx: 6, class: cls,
                                         "data-square": at.join(","), onclick: () => placeAt(at) }));
  }
}

function drawPlaced() {
  const [px, py] = board.corner(...pick.at);
  const g = svgEl("g", { class: "placing", transform: `translate(${px},${py})` });
  g.innerHTML = turn.tiles[pick.tile][String(pick.rotation)];
  g.append(svgEl("rect", { width: 100, height: 100, class: "placing-frame" }));
  board.overlay.append(g);
  for (const c of optionsAt().filter(c => c.anchor)) {
    const [cx, cy] = board.corner(...c.square);
    board.overlay.append(svgEl("circle", { cx: cx + c.anchor[0], cy: cy + c.anchor[1], r: 10,
      class: "spot " + c.does + (c === pick.choice ? " chosen" : ""), "data-choice": JSON.stringify(c.move),
      onclick: () => choose(c) }));
  }
}

$("zoom-in").onclick = () => board.setZoom(1.25);
$("zoom-out").onclick = () => board.setZoom(0.8);
$("end").onclick = endGame;
document.addEventListener("keydown", event => {
  if ($("game").hidden || event.target.matches("input, select, textarea")) return;
  if (event.key === "r" || event.key === "R") { rotate(event.key === "R" ? -1 : 1); event.preventDefault(); }
  else if (event.key === "Escape") back();
  else if (event.key === "Enter" && pick && pick.choice) { confirmMove(); event.preventDefault(); }
});

setUp().catch(showError);
