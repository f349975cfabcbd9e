// The Games page: every game this server keeps, the latest moved first; each opens on the
// Play page (to go on, or watch), a table game on the Table page, and downloads as a record.
"use strict";

const $ = id => document.getElementById(id);

async function listGames() {
  const found = await api("GET", "/api/games");
  const body = document.querySelector("#games tbody");
  body.replaceChildren();
  $("games-none").hidden = found.games.length > 0;
  for (const g of found.games) {
    const when = new Date(g.updated * 1000).toLocaleString(BOOT.lang);
    body.append(el("tr", { "data-game": g.id, "data-moves": g.moves, "data-finished": g.finished, "data-mode": g.mode },
      el("td", {}, g.title + (g.variants.length ? " + " + g.variants.join(", ") : ""),
        g.mode === "table" ? el("span", { class: "mode muted" }, " (" + t("games-table") + ")") : null),
      el("td", {}, g.players.join(", ")),
      el("td", {}, when),
      el("td", {}, (g.finished ? t("games-finished") : t("games-in-progress")) + " · "
        + t("games-moves", { n: g.moves })),
      el("td", {}, el("a", { href: `${g.watch}&lang=${BOOT.lang}`, class: "open" }, t("games-open"))),
      el("td", {}, el("a", { href: g.record, download: "", class: "record" }, t("games-download")))));
  }
}

listGames().catch(showError);
