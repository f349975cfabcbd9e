// The tile editor, beside the rule editor on the Author page. A tile is built from segments:
// each of a kind of the rule set being edited (asked of the server: this page knows no kind
// by name), covering ports clicked on the ring around the tile; a path's side is dragged (or
// its end chosen) to where the path ends. Each change is sent to the server, which writes the
// tile line into the rule file's text and draws the tile as the tile sheet does; the rule
// editor's check then says what the checker thinks of the line.
"use strict";

(() => {
  const $ = id => document.getElementById(id);
  const editor = window.ruleEditor;
  let language = null;     // {name, kinds, landmarks, ring, tiles}
  let kinds = {};          // name -> {name, geometry, ports, pennants, ends, attributes, colour}
  let segments = [];       // {kind, ports, ends, pennants, attributes, touches}
  let current = -1;        // the segment the ports go to
  let was = null;          // the name of the tile line the text holds for this tile
  let lineAt = 0;          // where that line is
  let asked = 0;
  let timer = null;
  let drag = null;         // a path's side being dragged: {port, x, y, moved}
  let dragged = false;     // a drag just ended: the click that follows is not a click
  let notDrawn = [];       // why the server drew no picture (the tile's checker errors)

  // --- the rule set's language ------------------------------------------------------------
  async function loadLanguage() {
    if (!editor) return;
    let found;
    try {
      found = await api("POST", "/api/author/tile-language", { text: editor.text(), ...editor.file() });
    } catch (err) {
      say(err.message, true);
      return;
    }
    language = found;
    kinds = Object.fromEntries(found.kinds.map(k => [k.name, k]));
    segments = segments.filter(s => kinds[s.kind]);
    current = Math.min(current, segments.length - 1);
    $("te-kind").replaceChildren(...found.kinds.map(k => el("option", { value: k.name }, k.name)));
    $("te-kind").setAttribute("aria-description", t("te-kinds-of", { name: found.name }));
    const open = $("te-open");
    const chosen = open.value;
    open.replaceChildren(open.options[0],
      ...found.tiles.map(tile => el("option", { value: tile.name }, tile.name)));
    open.value = found.tiles.some(tile => tile.name === chosen) ? chosen : "";
    if (!$("te-name").value) $("te-name").value = freeName();
    buildRing();
    render();
  }

  function freeName() {
    const taken = new Set(language.tiles.map(tile => tile.name));
    let n = 1;
    while (taken.has("T" + n)) n++;
    return "T" + n;
  }

  // --- the ring of ports around the tile ---------------------------------------------------
  // ring index i: side i/3 (N E S W), i%3 along it clockwise; a 5x5 grid, the tile inside
  function cell(i) {
    const side = Math.floor(i / 3), along = i % 3;
    return [[1, 2 + along], [2 + along, 5], [5, 4 - along], [4 - along, 1]][side];
  }

  function buildRing() {
    const ring = $("te-ring");
    ring.querySelectorAll(".te-port").forEach(b => b.remove());
    language.ring.forEach((port, i) => {
      const [row, col] = cell(i);
      const button = el("button", {
        type: "button", class: "te-port" + (port.length === 1 ? " side" : " half"),
        "data-port": port, style: `grid-row: ${row}; grid-column: ${col}`,
        onclick: () => { if (!dragged) clickPort(port); },
        onpointerdown: event => startDrag(event, port),
      }, port);
      ring.append(button);
    });
  }

  function owner(port) {
    return segments.findIndex(s => s.ports.includes(port));
  }

  function takes(segment, port) {
    return segment && kinds[segment.kind].ports.includes(port);
  }

  function clickPort(port) {
    const segment = segments[current];
    if (!takes(segment, port)) return;
    if (segment.ports.includes(port)) {
      segment.ports = segment.ports.filter(p => p !== port);
    } else {
      give(port, current);
    }
    changed();
  }

  /** Port `port` to segment `index`, taken from any other. */
  function give(port, index) {
    const from = owner(port);
    if (from >= 0) segments[from].ports = segments[from].ports.filter(p => p !== port);
    segments[index].ports.push(port);
  }

  // --- dragging a path's side to where it ends -----------------------------------------------
  function isPath(segment) {
    return Boolean(segment) && kinds[segment.kind].geometry === "path";
  }

  function startDrag(event, port) {
    const segment = segments[current];
    if (!isPath(segment) || !segment.ports.includes(port)) return;
    drag = { port, x: event.clientX, y: event.clientY, moved: false };
    event.target.setPointerCapture(event.pointerId);
    event.target.addEventListener("pointermove", moveDrag);
    event.target.addEventListener("pointerup", endDrag, { once: true });
    event.target.addEventListener("pointercancel", cancelDrag, { once: true });
  }

  function moveDrag(event) {
    if (!drag) return;
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > 6 && !drag.moved) {
      drag.moved = true;
      $("tile-editor").classList.add("dragging");
    }
  }

  function cancelDrag(event) {
    event.target.removeEventListener("pointermove", moveDrag);
    $("tile-editor").classList.remove("dragging");
    drag = null;
  }

  function endDrag(event) {
    const moved = drag && drag.moved;
    cancelDrag(event);
    if (!moved) return;
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under && under.closest("[data-end], .te-port");
    if (target) dropOn(target);
  }

  function dropOn(target) {
    const segment = segments[current];
    const ends = kinds[segment.kind].ends;
    if (target.dataset.end) {
      segment.ends = target.dataset.end;
    } else {
      const port = target.dataset.port;
      const there = owner(port);
      if (there >= 0 && there !== current && ends.includes(segments[there].kind)) {
        segment.ends = segments[there].kind;  // onto the side of a kind it ends at
      } else if (takes(segment, port) && !segment.ports.includes(port)) {
        give(port, current);  // on through another side
        segment.ends = null;
      } else {
        return;
      }
    }
    changed();
  }

  // --- the segments --------------------------------------------------------------------------
  function addSegment(event) {
    event.preventDefault();
    const kind = $("te-kind").value;
    if (!kinds[kind]) return;
    segments.push({ kind, ports: [], ends: null, pennants: 0, attributes: {}, touches: [] });
    current = segments.length - 1;
    changed();
    const first = $("te-ring").querySelector(".te-port:not([disabled])");
    if (first) first.focus();
  }

  function describe(segment) {
    const words = [segment.kind];
    if (segment.ports.length) words.push(segment.ports.join("+"));
    if (segment.pennants) words.push(`${t("te-pennants")} ${segment.pennants}`);
    for (const [name, n] of Object.entries(segment.attributes)) if (n) words.push(n > 1 ? `${name} ${n}` : name);
    if (segment.ends) words.push("-> " + segment.ends);
    if (segment.touches.length) words.push(`${t("te-touches")} ${segment.touches.join("+")}`);
    return words.join(" ");
  }

  function segmentRow(segment, i) {
    const kind = kinds[segment.kind];
    const row = el("li", { class: "te-segment" + (i === current ? " current" : ""), "data-index": i,
                           style: `border-left-color: ${kind.colour}` });
    row.append(el("button", {
      type: "button", class: "te-pick", "aria-pressed": String(i === current),
      "aria-label": t("te-edit", { n: i + 1, text: describe(segment) }),
      onclick: () => { current = i; render(); },
    }, describe(segment), kind.ports.length ? null : el("span", { class: "muted" }, " · " + t("te-no-ports"))));
    const edits = el("span", { class: "te-edits" });
    if (kind.pennants) {
      edits.append(numberField(t("te-pennants"), segment.pennants, n => { segment.pennants = n; }));
    }
    for (const attribute of kind.attributes) {
      const amount = segment.attributes[attribute.name] || 0;
      if (attribute.merge === "flag") {
        edits.append(el("label", {}, el("input", {
          type: "checkbox", checked: amount > 0,
          onchange: e => { segment.attributes[attribute.name] = e.target.checked ? 1 : 0; changed(); },
        }), " " + attribute.name));
      } else {
        edits.append(numberField(attribute.name, amount, n => { segment.attributes[attribute.name] = n; }));
      }
    }
    if (kind.geometry === "field") {
      for (const side of language.ring.filter(p => p.length === 1)) {
        edits.append(el("label", {}, el("input", {
          type: "checkbox", checked: segment.touches.includes(side),
          onchange: e => {
            segment.touches = e.target.checked ? [...segment.touches, side]
              : segment.touches.filter(s => s !== side);
            changed();
          },
        }), ` ${t("te-touches")} ${side}`));
      }
    }
    edits.append(el("button", {
      type: "button", class: "te-remove", onclick: () => {
        segments.splice(i, 1);
        current = Math.min(current, segments.length - 1);
        changed();
      },
    }, t("te-remove")));
    row.append(edits);
    return row;
  }

  function numberField(label, value, set) {
    return el("label", {}, label + " ", el("input", {
      type: "number", min: 0, max: 99, value, class: "te-number",
      onchange: e => { set(Math.max(0, Math.min(99, Number(e.target.value) || 0))); changed(); },
    }));
  }

  // --- drawing the page ----------------------------------------------------------------------
  function render() {
    const segment = segments[current];
    for (const button of $("te-ring").querySelectorAll(".te-port")) {
      const port = button.dataset.port;
      const at = owner(port);
      const mine = at >= 0 && at === current;
      button.disabled = !takes(segment, port);
      button.setAttribute("aria-pressed", String(mine));
      button.style.background = at >= 0 ? kinds[segments[at].kind].colour : "";
      button.classList.toggle("owned", at >= 0);
      button.classList.toggle("draggable", mine && isPath(segment));
      button.setAttribute("aria-label", t("te-port", {
        port, owner: at >= 0 ? `${at + 1}. ${describe(segments[at])}` : t("te-free") }));
    }
    $("te-list").replaceChildren(...segments.map(segmentRow));
    const ends = segment ? kinds[segment.kind].ends : [];
    $("te-drop").hidden = !ends.length;
    $("te-ends").replaceChildren(...ends.map(end => el("button", {
      type: "button", class: "te-end", "data-end": end, "aria-pressed": String(segment.ends === end),
      onclick: () => { if (dragged) return; segment.ends = segment.ends === end ? null : end; changed(); },
    }, end)));
  }

  function changed() {
    render();
    clearTimeout(timer);
    timer = setTimeout(send, 250);
  }

  function spec() {
    return {
      name: $("te-name").value.trim(),
      count: Math.max(0, Math.min(999, Number($("te-count").value) || 0)),
      segments: segments.map(s => ({ ...s, ports: [...s.ports], touches: [...s.touches] })),
    };
  }

  /** The tile to the server: its line into the text, its picture here. `look`: draw only. */
  async function send(look) {
    const tile = spec();
    if (!tile.name || !tile.segments.length) {
      say(t("te-need"));
      return;
    }
    const ticket = ++asked;
    const text = editor.text();
    let found;
    try {
      found = await api("POST", "/api/author/tile", { text, ...editor.file(), tile, was });
    } catch (err) {
      if (ticket === asked) say(err.message, true);
      return;
    }
    if (ticket !== asked) return;
    if (editor.text() !== text) {  // typed into meanwhile: again, with what is there now
      timer = setTimeout(send, 250);
      return;
    }
    $("te-line").textContent = found.line;
    $("te-picture").innerHTML = found.picture || "";
    notDrawn = found.problems;
    $("te-problems").replaceChildren(...notDrawnItems());
    if (look === true) return;
    was = tile.name;
    lineAt = found.at;
    editor.replaceText(found.text);
    say(t("checking"));
  }

  /** The rule editor's check: what it says on the tile's line. */
  function heard(event) {
    if (!lineAt) return;
    lineAt = lineOf(was) || lineAt;  // lines typed above it move it
    const found = event.detail;
    const here = found.diagnostics.filter(d => d.here && d.line === lineAt);
    const items = here.map(d => el("li", { class: d.severity },
      el("code", {}, `${d.line}:${d.col}`), ` ${d.severity}[${d.code}]: ${d.message}`));
    $("te-problems").replaceChildren(...items, ...notDrawnItems());
    const parts = [here.length ? t("te-line-problems", { n: here.length }) : t("te-line-ok")];
    if (found.errors) parts.push(t("te-file-errors", { errors: found.errors }));
    const bad = here.some(d => d.severity === "error");
    say(parts.join(" "), bad, !here.length, here.length && !bad);
  }

  /** The number of the line that declares tile `name` (0: none). */
  function lineOf(name) {
    const lines = editor.text().split("\n");
    const i = lines.findIndex(line => {
      const words = line.trim().split(/\s+/);
      if (words[0] === "override") words.shift();
      return words[0] === "tile" && words[1] === name;
    });
    return i + 1;
  }

  function notDrawnItems() {
    return notDrawn.map(p => el("li", { class: "error not-drawn" }, t("te-no-picture") + " " + p));
  }

  function say(text, bad, good, warned) {
    $("te-status").textContent = text;
    $("te-status").className = "check-status" + (bad ? " bad" : good ? " good" : warned ? " warn" : "");
  }

  function openTile() {
    const name = $("te-open").value;
    const tile = language.tiles.find(x => x.name === name);
    if (!tile) {
      segments = [];
      current = -1;
      was = null;
      lineAt = 0;
      notDrawn = [];
      $("te-problems").replaceChildren();
      $("te-name").value = freeName();
      $("te-count").value = 1;
      $("te-picture").innerHTML = "";
      $("te-line").textContent = "";
      render();
      return;
    }
    segments = tile.segments.map(s => ({ ...s, ports: [...s.ports], touches: [...s.touches],
                                        attributes: { ...s.attributes } }));
    current = segments.length ? 0 : -1;
    was = tile.name;
    lineAt = 0;
    $("te-name").value = tile.name;
    $("te-count").value = tile.count;
    render();
    send(true);
  }

  if (!editor) return;
  $("te-add-form").addEventListener("submit", addSegment);
  $("te-open").addEventListener("change", openTile);
  $("te-reload").addEventListener("click", loadLanguage);
  $("te-name").addEventListener("change", changed);
  $("te-count").addEventListener("change", changed);
  document.addEventListener("rules-opened", () => {
    was = null;
    lineAt = 0;
    loadLanguage();
  });
  document.addEventListener("rules-checked", heard);
})();
