// The Play page by keyboard: a cursor over the squares the drawn tile fits (in any rotation),
// moved by the arrows; r rotates, Enter places the tile at the cursor, then confirms the
// move; on the tile placed the arrows go through what else may be done (the spots, no
// figure); Backspace (or Esc) takes the step back, and with no step to take back Backspace
// takes back the last confirmed move (the Take back button's undo). Loaded after play.js,
// whose state (game, pick) and actions (placeAt, choose, rotate, undo, confirmMove) it
// drives.
"use strict";

let cursor = null;  // [x, y]: the square the keyboard points at, one the tile fits on

const sameSquare = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/** The squares the tile being placed fits on, in any rotation. */
function fitSquares() {
  if (!pick || !pick.tile) return [];
  const seen = new Map();
  for (const c of choices()) {
    if (c.tile === pick.tile) seen.set(c.at.join(","), c.at);
  }
  return [...seen.values()];
}

/** Keep the cursor on a square the tile fits (the one nearest the last tile placed at
 *  first) and draw it; play.js calls this whenever it draws the turn. */
function drawCursor() {
  const fits = fitSquares();
  if (pick && pick.at) cursor = pick.at;
  if (!fits.length) { cursor = null; return; }
  if (!fits.some(at => sameSquare(at, cursor))) {
    const last = lastSquare();
    const far = at => Math.hypot(at[0] - last[0], at[1] - last[1]);
    cursor = [...fits].sort((a, b) => far(a) - far(b) || a[1] - b[1] || a[0] - b[0])[0];
  }
  const [px, py] = board.corner(...cursor);
  board.overlay.append(svgEl("rect", { x: px + 1, y: py + 1, width: 98, height: 98, rx: 8,
                                       class: "cursor", "data-cursor": cursor.join(",") }));
  const say = $("cursor-say");
  if (say) say.textContent = t("cursor-at", { x: cursor[0], y: cursor[1] });
}

function lastSquare() {
  const log = game && game.state ? game.state.log : [];
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].move && log[i].move.at) return log[i].move.at;
  }
  return [0, 0];
}

/** The cursor to the nearest fitting square in direction (dx, dy), if there is one. */
function moveCursor(dx, dy) {
  if (!cursor) return;
  let best = null, bestCost = Infinity;
  for (const at of fitSquares()) {
    const ahead = (at[0] - cursor[0]) * dx + (at[1] - cursor[1]) * dy;
    if (ahead <= 0) continue;
    const aside = Math.abs((at[0] - cursor[0]) * dy) + Math.abs((at[1] - cursor[1]) * dx);
    const cost = ahead + 2 * aside;
    if (cost < bestCost) { best = at; bestCost = cost; }
  }
  if (!best) return;
  cursor = best;
  drawTurn();
  revealCursor();
}

function revealCursor() {
  const mark = board.overlay && board.overlay.querySelector("rect.cursor");
  if (!mark) return;
  const box = mark.getBoundingClientRect(), view = board.container.getBoundingClientRect();
  if (box.left < view.left || box.right > view.right || box.top < view.top || box.bottom > view.bottom) {
    board.reveal(...cursor);
  }
}

/** The next (step 1) or previous (-1) of what may be chosen now: on the tile placed, its
 *  options; with only decisions to make, those. */
function cycleChoice(step) {
  const list = pick.at ? optionsAt() : decisions();
  if (!list.length) return;
  const i = list.indexOf(pick.choice);
  choose(list[i < 0 ? (step > 0 ? 0 : list.length - 1) : (i + step + list.length) % list.length]);
}

/** Backspace or Esc: the step not confirmed back (the choice, then the placement); with
 *  none, Backspace takes back the last confirmed move as the page's own button does
 *  (together.js: at once against bots, else asking the others). */
function stepBack(key) {
  if (pick && (pick.at || pick.choice)) { undo(); return true; }
  const takeBack = $("take-back");
  if (key === "Backspace" && game.can_undo && takeBack && !takeBack.disabled) {
    takeBack.click();
    return true;
  }
  return false;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** A key pressed on the Play page (play.js's listener); true when it was the page's. */
function playKey(event) {
  if (!game || event.altKey || event.ctrlKey || event.metaKey) return false;
  const key = event.key;
  // a button of the game's own, focused by Tab, clicks as buttons do (the form's, hidden, not)
  if ((key === "Enter" || key === " ") && event.target.matches("#game button, #game a, #game summary")) {
    return false;
  }
  if (key === " " && game.watching) { step(); return true; }
  if (key === "Backspace" || key === "Escape") return stepBack(key);
  if (!game.turn || !pick) return false;
  if (key === "r" || key === "R") { rotate(key === "R" ? -1 : 1); return true; }
  if (key in ARROWS) {
    if (pick.at || (!pick.tile && decisions().length)) {
      cycleChoice(key === "ArrowDown" || key === "ArrowRight" ? 1 : -1);
    } else {
      moveCursor(...ARROWS[key]);
    }
    return true;
  }
  if (key === "Enter") {
    if (pick.choice) confirmMove();
    else if (!pick.at && cursor) placeAt(cursor);
    return true;
  }
  return false;
}
