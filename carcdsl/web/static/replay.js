// The Replay page: open a record (from a served folder, or uploaded) and step through it.
// Each step is the server's replay of the record cut after that move: the numbers are
// those of `carcdsl replay`.
"use strict";

const $ = id => document.getElementById(id);
const board = new BoardView($("board"));
let opened = null;   // the opened record: id, count, log, ...
let position = 0;
let wanted = 0;      // the step last asked for (answers to older asks are dropped)
let timer = null;

async function setUp() {
  const catalogue = await api("GET", "/api/catalogue");
  const select = $("record-ref");
  if (!catalogue.records.length) select.append(el("option", { value: "" }, t("no-records")));
  for (const r of catalogue.records) select.append(el("option", { value: r.ref }, r.name));
  $("open-ref").onclick = () => { if (select.value) open({ ref: select.value }); };
  $("upload").onchange = async () => {
    const file = $("upload").files[0];
    if (!file) return;
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch (err) {
      showError(new Error(t("err-not-json", { name: file.name })));
      return;
    }
    open({ record, name: file.name });
  };
  const asked = new URLSearchParams(location.search).get("ref");
  if (asked) open({ ref: asked });
}

async function open(body) {
  try {
    opened = await api("POST", "/api/records", body);
  } catch (err) {
    showError(err);
    return;
  }
  $("viewer").hidden = false;
  $("record-title").textContent = `${opened.title} — ${opened.name}`;
  $("slider").max = opened.count;
  await go(opened.count);
}

/** What step n of the timeline shows: the board after move n - 1 (moves are numbered
 * from 0, as in play's log, the record and `carcdsl render --move`), or before the first. */
function stepLabel(n) {
  return n ? t("move-of", { n: n - 1, last: opened.count - 1 }) : t("at-start");
}

// n: a step of the timeline, 0 (before the first move) to the record's count of moves
async function go(n) {
  if (!opened) return;
  n = Math.max(0, Math.min(opened.count, n));
  wanted = n;
  $("slider").value = n;
  $("position").textContent = stepLabel(n);
  let seen;
  try {
    seen = await api("GET", `/api/records/${opened.id}/at/${n}`);
  } catch (err) {
    showError(err);
    return;
  }
  if (seen.n !== wanted) return;
  position = n;
  board.render(seen.board);
  renderPlayers($("players"), seen.state);
  $("supply").textContent = t("tiles-left", { n: seen.state.tiles_left });
  // the server says which move the step shows: the record's index, as play's log has it
  const entry = seen.move === null ? null : seen.state.log[seen.move];
  $("current-move").textContent = entry ? `${entry.n}. ${entry.player}: ${entry.text}` : t("before-first");
  renderLog($("log"), seen.state.log);
  renderResult($("result"), seen.state.result);
  $("viewer").dataset.n = n;
  $("viewer").dataset.move = seen.move === null ? "start" : seen.move;
  if (entry && entry.move.at) board.reveal(...entry.move.at);
  if (timer && n >= opened.count) togglePlay();
}

function togglePlay() {
  if (timer) {
    clearInterval(timer);
    timer = null;
    $("play").classList.remove("on");
    return;
  }
  if (position >= opened.count) go(0);
  timer = setInterval(() => go(position + 1), 700);
  $("play").classList.add("on");
}

let sliding = null;
$("slider").oninput = () => {
  clearTimeout(sliding);
  const n = Number($("slider").value);
  $("position").textContent = stepLabel(n);
  sliding = setTimeout(() => go(n), 120);
};
$("first").onclick = () => go(0);
// a step counts from the move last asked for (`wanted`), so that quick presses are each a step
$("prev").onclick = () => go(wanted - 1);
$("next").onclick = () => go(wanted + 1);
$("last").onclick = () => go(opened.count);
$("play").onclick = togglePlay;
$("zoom-in").onclick = () => board.setZoom(1.25);
$("zoom-out").onclick = () => board.setZoom(0.8);

document.addEventListener("keydown", event => {
  if (!opened || event.target.matches("input:not([type=range]), select, textarea")) return;
  if (event.key === "ArrowRight") { go(wanted + 1); event.preventDefault(); }
  else if (event.key === "ArrowLeft") { go(wanted - 1); event.preventDefault(); }
  else if (event.key === "Home") { go(0); event.preventDefault(); }
  else if (event.key === "End") { go(opened.count); event.preventDefault(); }
});

setUp().catch(showError);
