// The Browse page: a rule set (with variants) as `carcdsl explain` and `check --stats` see
// it, and its tile sheet.
"use strict";

const $ = id => document.getElementById(id);
let catalogue = null;
let asked = 0;

async function setUp() {
  catalogue = await api("GET", "/api/catalogue");
  fillRuleChoice($("rules"), $("variants"), catalogue, show);
  const wanted = new URLSearchParams(location.search).get("rules");
  if (wanted && catalogue.rules.some(r => r.ref === wanted)) {
    $("rules").value = wanted;
    $("rules").dispatchEvent(new Event("change"));
  } else {
    show();
  }
}

async function show() {
  const ticket = ++asked;
  const query = new URLSearchParams({ rules: $("rules").value });
  for (const v of chosenVariants($("variants"))) query.append("variant", v);
  let about;
  try {
    about = await api("GET", "/api/rulesets/about?" + query.toString());
  } catch (err) {
    if (ticket === asked) showError(err);
    return;
  }
  if (ticket !== asked) return;
  $("about").hidden = false;
  $("about-title").textContent = `${about.title} (${[about.name, ...about.variants].join(" + ")})`;
  $("about-lines").replaceChildren(...about.about.map(line => el("li", {}, line)));
  $("stats").textContent = about.stats;
  const chosen = catalogue.rules.find(r => r.ref === $("rules").value);
  const mine = catalogue.variants.filter(v => chosen && v.for === chosen.name);
  $("about-variants").replaceChildren(...(mine.length ? mine.map(v => el("li", {}, v.name,
    v.params.length ? el("span", { class: "muted" }, " " + v.params.map(p => `${p.name}=${p.default}`).join(", ")) : null,
    v.about ? el("span", { class: "about-text muted" }, v.about) : null))
    : [el("li", { class: "muted" }, t("none"))]));
  $("open-points").replaceChildren(...(about.open_points.length
    ? about.open_points.map(p => el("li", {}, p)) : [el("li", { class: "muted" }, t("none"))]));
  $("notes").replaceChildren(...(about.notes.length
    ? about.notes.map(n => el("p", {}, el("strong", {}, n.lang + ": "), n.text)) : [el("p", { class: "muted" }, t("none"))]));
  $("warnings").replaceChildren(...(about.warnings.length
    ? about.warnings.map(d => el("li", { class: d.severity }, d.text)) : [el("li", { class: "muted" }, t("none"))]));
  $("sheet").innerHTML = about.sheet;
}

setUp().catch(showError);
