// The venue page and its TV mode: one fetch of /api/venue a second, drawn as cards
// (offline tables greyed) and the evening's leaderboard; the TV shows one table at a
// time beside the leaderboard, the next every data-seconds.
"use strict";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function card(t, words, into) {
  const c = into || el("article");
  c.replaceChildren();
  c.className = "table-card" + (t.online ? "" : " offline");
  c.dataset.table = t.venue + "/" + t.name;
  const h = el("h2", "", t.venue + " · " + t.name + " ");
  if (!t.online) h.append(el("span", "badge", words.offline));
  c.append(h, el("p", "game", t.title), el("p", "score", t.score),
           t.online ? el("p", "turn", t.turn) : el("p", "turn heard", t.heard));
  if (t.link) c.append(el("p", "small", words.board + ": " + t.link));
  if (t.reply && !into) c.append(el("p", "small reply", t.reply));
  if (t.staff_url) {
    const a = el("a", "", words.staff_page);
    a.href = t.staff_url;
    c.append(a);
  }
  if (admin && t.online && !into) {   // the table itself decides (accept_commands) and answers
    const b = el("button", "command", words.new_game);
    b.onclick = () => command(t, "new_game");
    c.append(" ", b);
  }
  return c;
}

let admin = false;
async function command(t, name) {
  const token = document.querySelector("meta[name=csrf-token]").content;
  const answer = await fetch("/api/command", {method: "POST", headers: {
    "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": token},
    body: JSON.stringify({venue: t.venue, table: t.name, command: name})});
  const body = await answer.json();
  const said = document.getElementById("said");
  if (said) said.textContent = body.message || body.error || "";
}

function drawVenue(data) {
  const tables = document.getElementById("tables");
  if (data.tables.length) tables.replaceChildren(...data.tables.map(t => card(t, data.words)));
  const body = document.querySelector("#standings tbody");
  const rows = data.standings.map(s => {
    const tr = el("tr");
    for (const v of [s.player, s.played, s.won, s.lost]) tr.append(el("td", "", String(v)));
    return tr;
  });
  if (rows.length) body.replaceChildren(...rows);
}

let spot = 0;
function drawTv(data) {
  const list = document.getElementById("leaders");
  list.replaceChildren(...data.standings.slice(0, 10).map(s => {
    const li = el("li", "", s.player);
    li.append(el("span", "won", s.won + " / " + s.played));
    return li;
  }));
  // nobody yet: a sentence, not a first place
  document.getElementById("nobody").hidden = data.standings.length > 0;
  if (data.tables.length) card(data.tables[spot % data.tables.length], data.words,
                               document.getElementById("spotlight"));
}

async function refresh() {
  try {
    const answer = await fetch("/api/venue", {headers: {"Accept": "application/json"}});
    if (!answer.ok) return;
    const data = await answer.json();
    admin = Boolean(data.admin);
    if (document.getElementById("tv")) drawTv(data); else drawVenue(data);
  } catch (e) { /* the venue view's server restarting: try again next second */ }
}

document.addEventListener("DOMContentLoaded", () => {
  refresh();
  setInterval(refresh, 1000);
  const tv = document.getElementById("tv");
  if (tv) setInterval(() => { spot += 1; refresh(); }, 1000 * Number(tv.dataset.seconds || 8));
});
