// A competition's page and its TV view, live: /api/competitions/<id> once a second.
// The page updates what each match and table says (and reloads, when nobody is busy
// with a form, once a match needs other buttons); the TV view draws the bracket or the
// table, and who plays where now, in type readable across the room.
"use strict";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function sides(m) {
  const p = el("p", "sides");
  m.sides.forEach((s, i) => {
    if (i) p.append(" · ");
    p.append(el("span", "side" + (s.won ? " won" : "") + (s.lost ? " lost" : ""), s.name));
  });
  return p;
}

const loaded = Date.now();

function busy() {
  // a form in use, or what the last change said still to be read: reload later
  return document.querySelector("details[open]") ||
         (document.activeElement && document.activeElement.closest("form")) ||
         (document.querySelector(".flash") && Date.now() - loaded < 8000);
}

function drawPage(root, data) {
  const state = document.getElementById("state");
  state.textContent = data.format_words + " · " + data.state_words;
  if (data.champion) { state.append(" · "); state.append(el("strong", "", data.champion)); }
  let stale = false;
  for (const round of data.rounds) {
    for (const m of round.matches) {
      const a = root.querySelector(`article[data-match="${m.id}"]`);
      if (!a) { stale = true; continue; }
      if (a.dataset.state !== m.state || a.dataset.attempt !== String(m.attempt)) {
        const needsForms = (a.dataset.state === "to_come") || (m.state === "done") !== (a.dataset.state === "done");
        if (needsForms) stale = true;
        a.dataset.state = m.state;
        a.dataset.attempt = String(m.attempt);
        a.className = "match " + m.state;
      }
      a.querySelector("h3").textContent = m.title;
      a.querySelector(".sides").replaceWith(sides(m));
      const status = a.querySelector(".status");
      status.textContent = m.status;
      if (m.score) { status.append(" · "); status.append(el("span", "score", m.score)); }
    }
  }
  for (const t of data.tables) {
    const li = root.querySelector(`li[data-table="${t.name}"]`);
    if (!li) continue;
    li.className = t.online ? "online" : "offline";
    li.querySelector(".words").textContent = t.words;
    li.querySelector(".on").textContent = t.match;
    li.querySelector(".refused").textContent = t.refused;
  }
  standingsRows(document.querySelector("#standings tbody"), data);
  if (stale && !busy()) location.reload();
}

function standingsRows(body, data, most) {
  const rows = data.standings.slice(0, most || data.standings.length).map(row => {
    const tr = el("tr");
    for (const col of data.columns) {
      const v = row[col.key];
      tr.append(el("td", col.key, v === null || v === undefined ? "–" : String(v)));
    }
    return tr;
  });
  body.replaceChildren(...rows);
}

const TALLEST = 8;   // matches in a column of the TV's bracket, at most (readable type)

function shownRounds(rounds) {
  // a big draw: the rounds that are over go first, then the first round's decided matches
  const over = r => r.matches.every(m => m.state === "done" || m.state === "bye");
  let shown = rounds.slice();
  while (shown.length > 1 && shown[0].matches.length > TALLEST && over(shown[0])) shown.shift();
  if (shown[0].matches.length > TALLEST) {
    const open = shown[0].matches.filter(m => m.state !== "done" && m.state !== "bye");
    shown[0] = {title: shown[0].title, matches: open.slice(0, TALLEST)};
  }
  return shown;
}

function drawTv(root, data) {
  document.getElementById("tv-title").textContent = data.name;
  document.getElementById("tv-state").textContent = data.champion || data.state_words;
  const board = document.getElementById("tv-board");
  if (data.format === "knockout") {
    const bracket = el("div", "bracket");
    let most = 1;
    for (const round of shownRounds(data.rounds)) {
      const column = el("div", "column");
      column.append(el("h2", "", round.title));
      for (const m of round.matches) {
        const box = el("div", "tv-match " + m.state);
        box.dataset.match = m.id;
        for (const s of m.sides) box.append(el("div", "side" + (s.won ? " won" : "") + (s.lost ? " lost" : ""), s.name));
        if (m.score) box.append(el("div", "score", m.score));
        column.append(box);
      }
      most = Math.max(most, round.matches.length);
      bracket.append(column);
    }
    // the longest column decides the type's size: everything on one screen
    bracket.style.setProperty("--rows", String(most));
    board.replaceChildren(bracket);
  } else {
    const table = el("table", "tv-table");
    const head = el("tr");
    for (const col of data.columns) head.append(el("th", "", col.words));
    const thead = el("thead"); thead.append(head);
    const tbody = el("tbody");
    standingsRows(tbody, data, 12);
    table.append(thead, tbody);
    board.replaceChildren(table);
  }
  const now = document.getElementById("tv-now");
  const playing = [];
  for (const round of data.rounds) for (const m of round.matches) {
    if (m.state === "playing" || m.state === "sent") {
      const line = el("div", "now " + m.state);
      line.dataset.match = m.id;
      line.append(el("span", "where", m.table), el("span", "what", m.title));
      if (m.score) line.append(el("span", "score", m.score));
      playing.push(line);
    }
  }
  now.replaceChildren(...playing);
  document.body.dataset.version = String(data.version);
}

async function refresh(root, tv) {
  try {
    const answer = await fetch("/api/competitions/" + encodeURIComponent(root.dataset.id),
                               {headers: {"Accept": "application/json"}});
    if (!answer.ok) return;
    const data = await answer.json();
    if (tv) drawTv(root, data); else drawPage(root, data);
  } catch (e) { /* the venue view restarting: the next second tries again */ }
}

document.addEventListener("DOMContentLoaded", () => {
  const tv = document.getElementById("competition-tv");
  const root = tv || document.getElementById("competition");
  if (!root) return;
  refresh(root, Boolean(tv));
  setInterval(() => refresh(root, Boolean(tv)), Number(root.dataset.every || 1000));
});
