// The Author page: a rule file in a text area, checked as you type; diagnostics with
// file:line:col (click one to go there); the tile sheet redrawn whenever the file checks.
"use strict";

const $ = id => document.getElementById(id);
const source = $("source");
let catalogue = null;
let current = { ref: null, name: "scratch.carc", writable: false };
let saved = "";
let asked = 0;
let timer = null;

async function setUp() {
  catalogue = await api("GET", "/api/catalogue");
  const files = catalogue.rules.concat(catalogue.variants).filter(r => r.origin === "folder");
  const select = $("file");
  if (files.length) {
    select.append(el("optgroup", { label: t("your-files") },
      files.map(f => el("option", { value: f.ref }, f.name))));
  }
  select.append(el("optgroup", { label: t("bundled-read-only") },
    catalogue.templates.map(name => el("option", { value: name }, name))));
  select.onchange = () => openFile(select.value);
  for (const f of catalogue.folders) $("new-folder").append(el("option", { value: f.index }, f.label));
  for (const name of catalogue.templates) $("new-template").append(el("option", { value: name }, name));
  if (!catalogue.folders.length) {
    $("new-file-box").hidden = true;
    $("file-status").textContent = t("no-folders");
  }
  $("new-file").onsubmit = newFile;
  $("save").onclick = save;
  source.addEventListener("input", () => { drawGutter(); dirty(); schedule(); });
  source.addEventListener("scroll", () => { $("gutter").scrollTop = source.scrollTop; });
  document.addEventListener("keydown", event => {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
  });
  const wanted = new URLSearchParams(location.search).get("file");
  await openFile(wanted || (files.length ? files[0].ref : "base"));
  select.value = current.ref || wanted || "base";
}

async function openFile(ref) {
  if (source.value !== saved && current.writable && !confirm(t("discard-changes"))) {
    $("file").value = current.ref;
    return;
  }
  let file;
  try {
    file = await api("GET", "/api/files/text?ref=" + encodeURIComponent(ref));
  } catch (err) {
    showError(err);
    return;
  }
  current = { ref: file.ref, name: file.name, writable: file.writable };
  source.value = saved = file.text;
  drawGutter();
  dirty();
  check();
  document.dispatchEvent(new CustomEvent("rules-opened"));
}

function dirty() {
  const changed = source.value !== saved;
  $("save").disabled = !current.writable || !changed;
  $("file-status").textContent = current.writable
    ? (changed ? t("unsaved") : t("saved-as", { name: current.name }))
    : t("read-only", { name: current.name });
}

function drawGutter() {
  const lines = source.value.split("\n").length;
  let text = "";
  for (let i = 1; i <= lines; i++) text += i + "\n";
  $("gutter").textContent = text;
  $("gutter").scrollTop = source.scrollTop;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(check, 300);
}

async function check() {
  const ticket = ++asked;
  $("check-status").textContent = t("checking");
  let found;
  try {
    found = await api("POST", "/api/author/check", {
      text: source.value, ref: current.ref, name: current.ref ? null : current.name });
  } catch (err) {
    if (ticket === asked) $("check-status").textContent = err.message;
    return;
  }
  if (ticket !== asked) return;
  document.dispatchEvent(new CustomEvent("rules-checked", { detail: found }));
  $("check-status").textContent = found.errors
    ? t("check-errors", { errors: found.errors, warnings: found.warnings })
    : (found.warnings ? t("check-warnings", { warnings: found.warnings }) : t("check-ok"));
  $("check-status").className = "check-status " + (found.errors ? "bad" : "good");
  $("diagnostics").replaceChildren(...found.diagnostics.map(d => el("li", {
    class: d.severity + (d.here ? " here" : ""), "data-line": d.line, "data-col": d.col,
    tabindex: d.here ? 0 : null, onclick: d.here ? () => goTo(d.line, d.col) : null,
    onkeydown: d.here ? e => { if (e.key === "Enter") goTo(d.line, d.col); } : null,
  }, el("code", {}, `${d.file}:${d.line}:${d.col}`), ` ${d.severity}[${d.code}]: ${d.message}`)));
  if (found.sheet) {
    $("sheet").innerHTML = found.sheet;
    $("sheet").classList.remove("stale");
  } else {
    $("sheet").classList.add("stale");
  }
}

function goTo(line, col) {
  const lines = source.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, col - 1);
  source.focus();
  source.setSelectionRange(offset, offset);
  const height = source.scrollHeight / Math.max(1, lines.length);
  source.scrollTop = Math.max(0, (line - 5) * height);
}

async function save() {
  if (!current.writable || source.value === saved) return;
  try {
    const done = await api("POST", "/api/files/save", { ref: current.ref, text: source.value });
    saved = source.value;
    dirty();
    toast(t("saved-as", { name: done.saved }));
  } catch (err) {
    showError(err);
  }
}

async function newFile(event) {
  event.preventDefault();
  try {
    const made = await api("POST", "/api/files/new", {
      folder: Number($("new-folder").value), name: $("new-name").value,
      template: $("new-template").value });
    $("file").prepend(el("option", { value: made.ref }, made.name));
    $("file").value = made.ref;
    saved = source.value;  // nothing to lose: the new file is opened
    await openFile(made.ref);
    toast(t("created", { name: made.name }));
  } catch (err) {
    showError(err);
  }
}

// The tile editor (tile-editor.js) reads and writes the text through this, and hears
// "rules-opened" and "rules-checked" (its detail: the check's answer).
window.ruleEditor = {
  text: () => source.value,
  file: () => ({ ref: current.ref, name: current.ref ? null : current.name }),
  replaceText(text) { source.value = text; drawGutter(); dirty(); schedule(); },
};

setUp().catch(showError);
