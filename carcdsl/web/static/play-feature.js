// The Play page: the pointer resting on a feature of a placed tile shows whose it is and
// what it would score now. The server works it out with the engine (GET
// /api/games/{id}/feature) and says it in lines of the page's language; this file only
// finds the segment under the pointer (data-segment inside a tile's data-square) and shows
// the lines. Loaded after play.js (game, board).
"use strict";

const featureTip = { key: null, timer: null, cache: new Map() };

function tipBox() {
  let box = document.getElementById("feature-tip");
  if (!box) {
    box = el("div", { id: "feature-tip", class: "feature-tip", role: "tooltip", hidden: true });
    document.body.append(box);
  }
  return box;
}

function hideTip() {
  clearTimeout(featureTip.timer);
  featureTip.key = null;
  tipBox().hidden = true;
}

function placeTip(box, x, y) {
  const w = box.offsetWidth, h = box.offsetHeight;
  box.style.left = Math.max(4, Math.min(x + 14, window.innerWidth - w - 4)) + "px";
  box.style.top = Math.max(4, y + 18 + h > window.innerHeight ? y - h - 10 : y + 18) + "px";
}

async function featureAt(square, segment) {
  const [x, y] = square.split(",");
  const key = `${game.id}:${game.state.moves}:${square}:${segment}`;
  if (!featureTip.cache.has(key)) {
    if (featureTip.cache.size > 200) featureTip.cache.clear();
    featureTip.cache.set(key, api("GET", `/api/games/${game.id}/feature?x=${x}&y=${y}&segment=${segment}`));
  }
  try {
    return await featureTip.cache.get(key);
  } catch (err) {
    featureTip.cache.delete(key);
    throw err;
  }
}

function showFeature(view, x, y) {
  const box = tipBox();
  box.replaceChildren(...view.lines.map((line, i) =>
    el(i === 0 ? "strong" : "span", { class: "tip-line" }, line)));
  box.dataset.kind = view.kind;
  box.hidden = false;
  placeTip(box, x, y);
}

function onBoardPointer(event) {
  const part = event.target.closest && event.target.closest("g.tile [data-segment]");
  const tile = part && part.closest("g.tile");
  if (!part || !tile || !game) { hideTip(); return; }
  const key = `${tile.dataset.square}/${part.dataset.segment}`;
  const box = tipBox();
  if (key === featureTip.key) { if (!box.hidden) placeTip(box, event.clientX, event.clientY); return; }
  hideTip();
  featureTip.key = key;
  const { clientX, clientY } = event;
  featureTip.timer = setTimeout(async () => {
    try {
      const view = await featureAt(tile.dataset.square, part.dataset.segment);
      if (featureTip.key === key) showFeature(view, clientX, clientY);
    } catch (err) {
      hideTip();
    }
  }, 120);
}

board.container.addEventListener("mousemove", onBoardPointer);
board.container.addEventListener("click", onBoardPointer);  // a phone: a tap, no pointer resting
// a tap's pointer leaves the board at once: only a mouse leaving hides the tooltip
board.container.addEventListener("pointerleave", event => { if (event.pointerType === "mouse") hideTip(); });
board.container.addEventListener("scroll", hideTip);
