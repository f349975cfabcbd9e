// carcdsl serve: what every page shares. No framework, no build step.
"use strict";

const BOOT = JSON.parse(document.getElementById("boot").textContent);
const WORDS = BOOT.words;
const SVG_NS = "http://www.w3.org/2000/svg";

/** A word of the page in its language, its {fields} filled. */
function t(key, values) {
  let text = WORDS[key] ?? key;
  for (const [name, value] of Object.entries(values || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

/** Call the app's JSON API; a refusal becomes an Error carrying the answer. */
async function api(method, path, body) {
  const url = path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(BOOT.lang);
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    throw new Error(t("err-network"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = { error: response.statusText };
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

/** An element: el("li", {class: "x", onclick: f}, "text", child, ...). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An SVG element with attributes. */
function svgEl(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  return node;
}

/** A message at the bottom of the page for a few seconds (errors stay till clicked). */
function toast(message, isError) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = isError ? "error" : "";
  box.hidden = false;
  clearTimeout(toast.timer);
  box.onclick = () => { box.hidden = true; };
  if (!isError) toast.timer = setTimeout(() => { box.hidden = true; }, 2500);
}

function showError(err) {
  toast(err && err.message ? err.message : String(err), true);
}

/** A small picture of a tile: SVG elements of a 100-unit square, drawn at `size` px. */
function tilePicture(inner, size, label) {
  const svg = svgEl("svg", { viewBox: "-2 -2 104 104", width: size, height: size,
                             class: "tile-picture", role: "img" });
  if (label) svg.setAttribute("aria-label", label);
  const g = svgEl("g");
  g.innerHTML = inner;
  svg.append(g);
  return svg;
}

/** The board: an SVG laid out on a grid of squares, and the overlay the page draws into. */
class BoardView {
  constructor(container) {
    this.container = container;
    this.zoom = 1;
    this.chosen = false;  // till the person zooms, the board fills its box (within limits)
    this.scene = null;
    // the box shows (or the window changes size): a board not zoomed by hand fits again
    new ResizeObserver(() => { if (!this.chosen) this.applyZoom(); }).observe(container);
  }

  render(scene) {
    this.scene = scene;
    this.container.innerHTML = scene.svg;
    this.svg = this.container.querySelector("svg");
    this.overlay = this.svg.querySelector("g.overlay");
    this.applyZoom();
  }

  applyZoom() {
    if (!this.svg) return;
    if (!this.chosen) {
      const c = this.container;
      if (!c.clientWidth) return;  // hidden still: the observer sizes it when it shows
      // the box's height follows the picture, so the window's height bounds it instead
      const room = window.innerHeight - c.getBoundingClientRect().top - 24;
      const fit = Math.min(c.clientWidth / this.scene.width, room / this.scene.height);
      // a small board is drawn large enough to tell a tile's spots apart; a large one shrinks
      // to fit, but never below what can still be read
      this.zoom = Math.min(1.6, Math.max(0.5, fit * 0.95 || 1));
    }
    this.svg.setAttribute("width", Math.round(this.scene.width * this.zoom));
    this.svg.setAttribute("height", Math.round(this.scene.height * this.zoom));
  }

  setZoom(factor) {
    this.chosen = true;
    this.zoom = Math.min(2.5, Math.max(0.25, this.zoom * factor));
    this.applyZoom();
  }

  /** The top-left corner of square (x, y) in the board's units. */
  corner(x, y) {
    const s = this.scene;
    return [s.pad + (x - s.x0) * s.tile, s.pad + (y - s.y0) * s.tile];
  }

  clearOverlay() {
    if (this.overlay) this.overlay.replaceChildren();
  }

  /** Scroll so that square (x, y) is in view. */
  reveal(x, y) {
    const [px, py] = this.corner(x, y);
    const z = this.zoom;
    const c = this.container;
    const left = px * z - c.clientWidth / 2 + 50 * z;
    const top = py * z - c.clientHeight / 2 + 50 * z;
    c.scrollTo({ left: Math.max(0, left), top: Math.max(0, top) });
  }
}

/** The players' table: colour, name, score, followers and figures left, tokens. */
function renderPlayers(table, view) {
  table.replaceChildren();
  table.append(el("tr", {},
    el("th", {}, ""), el("th", {}, t("player")), el("th", {}, t("score")),
    el("th", {}, view.follower_word), el("th", {}, t("also"))));
  for (const p of view.players) {
    const extras = [
      ...p.figures.map(f => `${f.word}: ${f.left}`),
      ...p.tokens.map(k => `${k.word}: ${k.held}`),
    ].join(", ");
    table.append(el("tr", { class: p.to_move ? "to-move" : "", "data-seat": p.seat },
      el("td", { html: p.mark, class: "mark" }),
      el("td", {}, p.name, p.kind ? el("span", { class: "bot-label" }, p.kind) : null),
      el("td", { class: "score", "data-score-seat": p.seat }, p.score),
      el("td", { class: "followers" }, p.followers),
      el("td", { class: "extras" }, extras)));
  }
}

/** The moves told, with what each scored (the last move first in view). */
function renderLog(list, log, upto) {
  list.replaceChildren();
  for (const entry of log) {
    if (upto !== undefined && entry.n >= upto) break;
    const item = el("li", { value: entry.n, "data-move": entry.n },
      el("span", { class: "who" }, entry.player + ": "), entry.text);
    if (entry.events.length) {
      item.append(el("ul", { class: "events" },
        entry.events.map(e => el("li", { class: e.points ? "scored" : "" }, e.text))));
    }
    list.append(item);
  }
  const last = list.lastElementChild;
  if (last) last.classList.add("last");
  list.scrollTop = list.scrollHeight;
}

/** The final scoring: why the game ended, each final scoring, points by kind, winners. */
function renderResult(box, result) {
  box.replaceChildren();
  if (!result) { box.hidden = true; return; }
  box.hidden = false;
  box.append(el("h2", {}, t("final-scoring")), el("p", { class: "muted" }, result.end));
  const kinds = [...new Set(result.table.flatMap(r => Object.keys(r.by_kind)))];
  const head = el("tr", {}, el("th", {}, t("player")), el("th", {}, t("in-play")),
    ...kinds.map(k => el("th", {}, k)), el("th", {}, t("total")));
  const rows = result.table.map(r => el("tr", { "data-seat": r.seat },
    el("td", {}, r.name), el("td", {}, r.in_play),
    ...kinds.map(k => el("td", {}, r.by_kind[k] ?? 0)),
    el("td", { class: "total", "data-final-seat": r.seat }, r.total)));
  box.append(el("table", { class: "final-table" }, head, ...rows));
  if (result.final.length) {
    box.append(el("details", {}, el("summary", {}, t("final-breakdown", { n: result.final.length })),
      el("ul", { class: "events" }, result.final.map(e => el("li", {}, e.text)))));
  }
  box.append(el("p", { class: "winners" }, result.lines[result.lines.length - 1]));
}

/** Rule sets and variants as the Play and Browse pages offer them, each with what its file
 *  says it does (`about`, in the page's language): the chosen rule set's under the choice. */
function fillRuleChoice(select, variantsBox, catalogue, onChange) {
  select.replaceChildren();
  for (const r of catalogue.rules) {
    const label = r.origin === "bundled" ? r.name : `${r.name} (${t("your-file")})`;
    select.append(el("option", { value: r.ref, disabled: r.broken ? true : null,
                                 title: r.about || null }, label));
  }
  let about = document.getElementById(select.id + "-about");
  if (!about) {
    about = el("p", { id: select.id + "-about", class: "about-text muted" });
    select.closest("label").after(about);
  }
  const draw = () => {
    variantsBox.replaceChildren();
    const chosen = catalogue.rules.find(r => r.ref === select.value);
    const name = chosen ? chosen.name : "";
    about.textContent = chosen ? chosen.about || "" : "";
    const sorted = [...catalogue.variants].sort((a, b) =>
      (a.for !== name) - (b.for !== name) || a.name.localeCompare(b.name));
    for (const v of sorted) {
      const id = "v-" + v.ref.replace(/[^A-Za-z0-9_-]/g, "_");
      const row = el("div", { class: "variant" + (v.for === name ? "" : " other") },
        el("input", { type: "checkbox", id, value: v.ref, onchange: onChange }),
        el("label", { for: id, title: v.about || null }, v.name),
        v.for && v.for !== name ? el("span", { class: "muted" }, " " + t("variant-for", { rules: v.for })) : null,
        v.about ? el("span", { class: "about-text muted" }, v.about) : null);
      for (const p of v.params) {
        row.append(el("input", { class: "param", "data-param": p.name, placeholder: `${p.name}=${p.default}`,
                                 title: `${p.name}=${p.default}`,
                                 size: Math.max(8, `${p.name}=${p.default}`.length), onchange: onChange }));
      }
      variantsBox.append(row);
    }
  };
  select.addEventListener("change", () => { draw(); onChange(); });
  draw();
}

/** The variants ticked, each with its parameters (`table-edge:width=11`). */
function chosenVariants(variantsBox) {
  const out = [];
  for (const row of variantsBox.querySelectorAll(".variant")) {
    const box = row.querySelector("input[type=checkbox]");
    if (!box.checked) continue;
    const params = [...row.querySelectorAll("input.param")]
      .filter(i => i.value.trim())
      // the field shows `u-turn=no-repeat`: `u-turn=look-ahead` typed whole is the value too
      .map(i => {
        const value = i.value.trim();
        const named = value.startsWith(i.dataset.param + "=");
        return `${i.dataset.param}=${named ? value.slice(i.dataset.param.length + 1) : value}`;
      });
    out.push(params.length ? `${box.value}:${params.join(",")}` : box.value);
  }
  return out;
}

function markNav() {
  for (const a of document.querySelectorAll("nav a")) {
    if (a.dataset.nav === BOOT.page) a.classList.add("current");
  }
}
document.addEventListener("DOMContentLoaded", markNav);
