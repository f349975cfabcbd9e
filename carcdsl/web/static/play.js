// The Play page: a new game, then turns by clicks. Every choice offered comes from the
// engine's legal moves (game.turn.choices), never from the rule set's names.
"use strict";

const $ = id => document.getElementById(id);
const board = new BoardView($("board"));
let catalogue = null;
let game = null;          // the last answer of the API about the game
let pick = null;          // the person's choice so far: {tile, rotation, at, choice}
let busy = false;
let autoTimer = null;

// --- setting up a game ----------------------------------------------------------------------
function seatRow(name, kind) {
  const kinds = el("select", { class: "kind" },
    catalogue.kinds.map(k => el("option", { value: k.kind, selected: k.kind === kind ? true : null }, k.label || k.word)));
  const row = el("li", { class: "seat" },
    el("input", { class: "name", value: name, "aria-label": t("player"), maxlength: 40 }), " ", kinds,
    el("button", { type: "button", class: "remove", title: t("remove-player"),
                   onclick: () => { if ($("seats").children.length > 1) row.remove(); } }, "×"));
  return row;
}

function addSeat(kind) {
  const n = $("seats").children.length + 1;
  $("seats").append(seatRow(kind === "human" ? t("you") + (n > 1 ? " " + n : "") : "P" + n, kind));
}

async function setUp() {
  catalogue = await api("GET", "/api/catalogue");
  fillRuleChoice($("rules"), $("variants"), catalogue, () => {});
  addSeat("human");
  // the default opponent (greedy: a fair first game), else the first bot there is
  const bot = catalogue.kinds.find(k => k.kind === catalogue.default_bot)
    || catalogue.kinds.find(k => k.kind !== "human");
  addSeat(bot ? bot.kind : "human");
  $("add-seat").onclick = () => addSeat(bot ? bot.kind : "human");
  $("bots-only").onclick = () => {
    [...$("seats").children].forEach((row, i) => {
      const select = row.querySelector("select.kind");
      const name = row.querySelector("input.name");
      if (select.value === "human" && bot) select.value = bot.kind;
      if (name.value.startsWith(t("you"))) name.value = "P" + (i + 1);
    });
  };
  $("new-game").onsubmit = startGame;
  $("new-again").onclick = () => { stopAuto(); $("game").hidden = true; $("setup").hidden = false; };
}

async function startGame(event) {
  event.preventDefault();
  const players = [...$("seats").children].map(row => ({
    name: row.querySelector("input.name").value, kind: row.querySelector("select.kind").value }));
  const seedText = $("seed").value.trim();
  const body = { rules: $("rules").value, variants: chosenVariants($("variants")), players,
                 seed: seedText === "" ? null : Number(seedText), share: $("share").checked };
  if (seedText !== "" && !Number.isInteger(body.seed)) { showError(new Error(t("err-seed-number"))); return; }
  try {
    $("start").disabled = true;
    show(await api("POST", "/api/games", body));
    $("setup").hidden = true;
    $("game").hidden = false;
    $("board").focus({ preventScroll: true });  // the keys play (play-keys.js), not the form
    const last = game.state.log[game.state.log.length - 1];
    if (last && last.move.at) board.reveal(...last.move.at); else board.reveal(0, 0);
  } catch (err) {
    showError(err);
  } finally {
    $("start").disabled = false;
  }
}

// --- what the person may choose ------------------------------------------------------------
// A choice places a tile (c.tile) or makes a decision (c.does === "decide": a capture, a
// ransom before the tile, a walk's step), offered as a button and, where it acts on a
// square, a mark there.
const offered = () => (game && game.turn ? game.turn.choices : []);
const choices = () => offered().filter(c => c.tile !== null);
const decisions = () => offered().filter(c => c.does === "decide");
const tilesToPlay = () => [...new Set(choices().map(c => c.tile))];
const rotationsOf = (tile, at) => [...new Set(choices()
  .filter(c => c.tile === tile && (!at || (c.at[0] === at[0] && c.at[1] === at[1])))
  .map(c => c.rotation))].sort((a, b) => a - b);
const here = (c, at) => c.at[0] === at[0] && c.at[1] === at[1];
const optionsAt = () => choices().filter(c => c.tile === pick.tile && c.rotation === pick.rotation && here(c, pick.at));

function freshPick() {
  const tiles = tilesToPlay();
  const tile = tiles.length ? tiles[0] : null;
  pick = { tile, rotation: tile ? rotationsOf(tile)[0] : 0, at: null, choice: null };
}

function rotate(step) {
  if (!pick || !pick.tile) return;
  const rotations = rotationsOf(pick.tile, pick.at);
  if (rotations.length < 2) return;
  const i = rotations.indexOf(pick.rotation);
  pick.rotation = rotations[(i + (step || 1) + rotations.length) % rotations.length];
  pick.choice = null;
  drawTurn();
}

function placeAt(at) {
  const rotations = rotationsOf(pick.tile, at);
  if (!rotations.length) return;
  if (!rotations.includes(pick.rotation)) pick.rotation = rotations[0];
  pick.at = at;
  pick.choice = null;
  const options = optionsAt();
  if (options.length === 1) pick.choice = options[0];  // nothing else to decide
  drawTurn();
  if (pick.choice) requestPreview();
}

function choose(choice) {
  if (choice.does === "decide") pick.at = null;  // a decision instead of the tile's spot
  pick.choice = choice;
  drawTurn();
  requestPreview();
}

function undo() {
  if (!pick) return;
  if (pick.choice && pick.choice.does === "decide") {
    pick.choice = null;
  } else if (pick.choice && optionsAt().length > 1) {
    pick.choice = null;
  } else {
    pick.at = null;
    pick.choice = null;
  }
  drawTurn();
}

async function requestPreview() {
  const choice = pick.choice;
  const box = $("preview");
  if (!choice || !box) return;
  box.textContent = "…";
  try {
    const seen = await api("POST", `/api/games/${game.id}/preview`, { move: choice.move, turn: game.state.moves });
    if (pick.choice !== choice) return;
    drawPreview(seen);
  } catch (err) {
    box.textContent = err.message;
  }
}

function drawPreview(seen) {
  const box = $("preview");
  box.replaceChildren(el("p", { class: "move-text" }, seen.text));
  if (seen.completes.length) {
    box.append(el("p", {}, t("completes") + ": " +
      seen.completes.map(c => t("feature-tiles", { kind: c.word, n: c.tiles })).join(", ")));
  }
  if (seen.events.length) {
    box.append(el("ul", { class: "events" }, seen.events.map(e => el("li", { class: "scored" }, e.text))));
  } else {
    box.append(el("p", { class: "muted" }, t("scores-nothing")));
  }
  if (seen.again) box.append(el("p", {}, t("plays-again")));
  if (seen.ends) box.append(el("p", {}, t("game-ends")));
}

async function confirmMove() {
  if (!pick || !pick.choice || busy) return;
  busy = true;
  try {
    show(await api("POST", `/api/games/${game.id}/moves`, { move: pick.choice.move, turn: game.state.moves }));
  } catch (err) {
    showError(err);
    if (err.status === 409) show(await api("GET", `/api/games/${game.id}`));
  } finally {
    busy = false;
  }
}

// --- drawing ------------------------------------------------------------------------------
function show(answer) {
  game = answer;
  freshPick();
  $("game-title").textContent = game.title;
  $("game-seed").textContent = t("seed-is", { seed: game.seed });
  board.render(game.board);
  renderPlayers($("players"), game.state);
  $("supply").textContent = t("tiles-left", { n: game.state.tiles_left });
  renderLog($("log"), game.state.log);
  renderResult($("result"), game.state.result);
  together.shown(game);  // together.js: the address, live updates, seats and links
  if (game.state.result) {
    $("result").append(el("p", {}, el("a", { href: `/api/games/${game.id}/record`, download: "", id: "download",
                                             class: "button" }, t("download-record"))));
  }
  $("watch").hidden = !game.watching || !game.owner || game.state.finished;
  $("game").dataset.moves = game.state.moves;
  $("game").dataset.finished = game.state.finished;
  if (game.state.finished) stopAuto();
  drawTurn();
}

function drawTurn() {
  const box = $("turn");
  box.replaceChildren();
  board.clearOverlay();
  const state = game.state;
  if (state.finished) return;
  const mover = state.players[state.current];
  if (!game.turn) {
    box.append(el("p", { class: "to-move" }, t(game.bot_to_move ? "bot-to-move" : "waiting-for", { player: mover.name })),
      el("div", { class: "hand" }, Object.entries(game.hand).map(([name, svg]) =>
        el("span", { class: "tile-button" }, tilePicture(svg, 90, name), el("span", {}, name)))));
    return;
  }
  box.append(el("p", { class: "to-move" }, t("your-turn", { player: mover.name })
    + (state.again ? " " + t("again") : "")));
  if (!pick.tile && decisions().length) { drawDecisions(box, "decide"); return; }
  if (!pick.tile) { box.append(el("p", {}, t("no-moves"))); return; }
  if (decisions().length) drawDecisions(box, "before-tile");
  const tiles = tilesToPlay();
  const row = el("div", { class: "hand" });
  for (const tile of tiles) {
    const picture = tilePicture(game.turn.tiles[tile][String(tile === pick.tile ? pick.rotation : rotationsOf(tile)[0])],
                                tile === pick.tile ? 120 : 60, tile);
    const button = el("button", { type: "button", class: "tile-button" + (tile === pick.tile ? " chosen" : ""),
                                  "data-tile": tile, title: t("tile-named", { name: tile }),
                                  onclick: () => { if (tile !== pick.tile) { pick = { tile, rotation: rotationsOf(tile)[0], at: null, choice: null }; drawTurn(); } } },
      picture, el("span", {}, tile));
    row.append(button);
  }
  box.append(row);
  const rotations = rotationsOf(pick.tile, pick.at);
  box.append(el("p", { class: "rotation" },
    el("button", { type: "button", id: "rotate", disabled: rotations.length < 2 ? true : null,
                   onclick: () => rotate(1), title: t("rotate-key") }, "↻ " + t("rotate")),
    " " + t("rotation-is", { degrees: pick.rotation, n: rotations.length })));
  if (!pick.at) {
    box.append(el("p", { class: "hint" }, t("click-square")));
    drawFits();
    drawCursor();  // play-keys.js: the keyboard's square
    return;
  }
  drawPlaced();
  drawCursor();
  const options = optionsAt();
  const list = el("div", { class: "options" });
  for (const c of options) {
    list.append(el("button", { type: "button", class: "option" + (c === pick.choice ? " chosen" : ""),
                               "data-choice": choiceKey(c), "data-does": c.does,
                               onclick: () => choose(c), onmouseenter: () => linkHover(c, true),
                               onmouseleave: () => linkHover(c, false) },
      c.label || t("no-follower", { follower: game.state.follower_one })));
  }
  box.append(el("p", {}, t("choose-spot")), list);
  drawConfirm(box);
}

function drawConfirm(box) {
  box.append(el("div", { id: "preview", class: "preview" }));
  box.append(el("p", { class: "actions" },
    el("button", { type: "button", id: "confirm", class: "primary", disabled: pick.choice ? null : true,
                   onclick: confirmMove }, t("confirm")),
    " ", el("button", { type: "button", id: "undo", onclick: undo }, t("undo"))));
}

// The decisions offered, as buttons (and marks on their squares); "decide": the game waits
// for one, "before-tile": one may be made before placing the tile (a ransom).
function drawDecisions(box, heading) {
  const list = el("div", { class: "options decisions" });
  for (const c of decisions()) {
    list.append(el("button", { type: "button", class: "option decision" + (c === pick.choice ? " chosen" : ""),
                               "data-choice": choiceKey(c), "data-decide": c.decide,
                               onclick: () => choose(c), onmouseenter: () => linkHover(c, true),
                               onmouseleave: () => linkHover(c, false) }, c.label));
  }
  box.append(el("p", {}, t(heading)), list);
  drawSpots(spread(decisions().filter(c => c.anchor)));
  if (heading === "decide" || (pick.choice && pick.choice.does === "decide")) drawConfirm(box);
}

function choiceKey(c) {
  return JSON.stringify(c.move);
}

function drawFits() {
  const now = new Set(), other = new Set();
  for (const c of choices()) {
    if (c.tile !== pick.tile) continue;
    (c.rotation === pick.rotation ? now : other).add(c.at.join(","));
  }
  for (const key of new Set([...now, ...other])) {
    const [x, y] = key.split(",").map(Number);
    const [px, py] = board.corner(x, y);
    board.overlay.append(svgEl("rect", {
      x: px + 3, y: py + 3, width: 94, height: 94, rx: 6,
      class: now.has(key) ? "fit" : "fit other", "data-square": key,
      onclick: () => placeAt([x, y]) }));
  }
}

function drawPlaced() {
  const [px, py] = board.corner(...pick.at);
  const g = svgEl("g", { class: "placing", transform: `translate(${px},${py})` });
  g.innerHTML = game.turn.tiles[pick.tile][String(pick.rotation)];
  g.append(svgEl("rect", { width: 100, height: 100, class: "placing-frame" }));
  board.overlay.append(g);
  drawSpots(spread(optionsAt().filter(c => c.anchor)));
}

// Spots to click on the board: a figure's place (on the tile placed or another), a figure
// to take back, capture, send home (returns) or put a neutral figure beside (beside), a
// square to walk onto.
function drawSpots(placed) {
  for (const { c, x, y } of placed) {
    const spot = svgEl("circle", {
      cx: x, cy: y, r: SPOT_R,
      class: "spot " + c.does + (c === pick.choice ? " chosen" : ""),
      "data-choice": choiceKey(c), onclick: () => choose(c),
      onmouseenter: () => linkHover(c, true), onmouseleave: () => linkHover(c, false) });
    const title = svgEl("title");
    title.textContent = c.label;
    spot.append(title);
    board.overlay.append(spot);
    if (c.initial) {
      const letter = svgEl("text", { x, y: y + 4, class: "spot-letter" });
      letter.textContent = c.initial;
      board.overlay.append(letter);
    }
  }
}

// Spots are circles of SPOT_R units; those of one place (a follower and the figures that may
// stand there) side by side, then pushed apart till none covers another, each kept inside
// its square: a crowded tile (the abbot, the big follower, farmers) shows every spot whole.
const SPOT_R = 10;

function spread(options) {
  const groups = new Map();
  for (const c of options) {
    const key = `${c.square}:${c.anchor}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  const placed = [];
  for (const group of groups.values()) {
    group.forEach((c, i) => {
      const [cx, cy] = board.corner(...c.square);
      placed.push({ c, cx, cy, x: cx + c.anchor[0] + (i - (group.length - 1) / 2) * (2 * SPOT_R + 2),
                    y: cy + c.anchor[1] });
    });
  }
  const gap = 2 * SPOT_R + 2;
  const keep = p => {
    p.x = Math.min(p.cx + 100 - SPOT_R - 1, Math.max(p.cx + SPOT_R + 1, p.x));
    p.y = Math.min(p.cy + 100 - SPOT_R - 1, Math.max(p.cy + SPOT_R + 1, p.y));
  };
  placed.forEach(keep);
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i], b = placed[j];
        let dx = b.x - a.x, dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= gap - 0.01) continue;
        if (d < 0.01) { dx = 1; dy = (i + j) % 2 ? 0.5 : -0.5; d = Math.hypot(dx, dy); }
        const push = (gap - d) / 2 + 0.1;
        a.x -= dx / d * push; a.y -= dy / d * push;
        b.x += dx / d * push; b.y += dy / d * push;
        keep(a); keep(b);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return placed;
}

// Hovering a spot lights its button, and hovering a button its spot: which is which.
function linkHover(c, on) {
  const key = choiceKey(c);
  for (const node of document.querySelectorAll("[data-choice]")) {
    if (node.dataset.choice === key) node.classList.toggle("hover", on);
  }
}

// --- watching bots ------------------------------------------------------------------------
async function step() {
  if (busy || !game || game.state.finished) return;
  busy = true;
  try {
    show(await api("POST", `/api/games/${game.id}/step`, {}));
  } catch (err) {
    showError(err);
    stopAuto();
  } finally {
    busy = false;
  }
}

function stopAuto() {
  clearInterval(autoTimer);
  autoTimer = null;
  $("auto").textContent = t("auto-play");
}

function toggleAuto() {
  if (autoTimer) { stopAuto(); return; }
  autoTimer = setInterval(step, Number($("speed").value));
  $("auto").textContent = t("pause");
}

$("step").onclick = step;
$("auto").onclick = toggleAuto;
$("speed").onchange = () => { if (autoTimer) { stopAuto(); toggleAuto(); } };
$("zoom-in").onclick = () => board.setZoom(1.25);
$("zoom-out").onclick = () => board.setZoom(0.8);

document.addEventListener("keydown", event => {
  if ($("game").hidden || event.target.matches("input, select, textarea")) return;
  if (playKey(event)) event.preventDefault();  // play-keys.js
});

setUp().catch(showError);
