// A league match's page and TV view, live: both pubs' boards, the score, each board's
// state, and whether the other pub is reachable (/api/league/<id> once a second).
"use strict";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function card(c) {
  const a = el("article", "board-card " + (c.online ? "online" : "offline"));
  a.dataset.venue = c.venue;
  const h = el("h3", "", c.venue + " · " + c.table + " ");
  h.append(el("span", "words", c.status));
  a.append(h, el("p", "title", c.title), el("p", "score", c.score), el("p", "turn", c.turn));
  return a;
}

function draw(root, data, tv) {
  document.getElementById("score").textContent = data.score_words;
  const link = document.getElementById("link-state");
  link.textContent = data.unreachable || data.reachable;
  link.className = data.unreachable ? "gone" : "";
  const line = document.getElementById("line-state");   // the staff's page only
  if (line) { line.textContent = data.line; line.hidden = !data.line; }
  document.getElementById("cards").replaceChildren(...data.cards.map(card));
  if (tv) {
    document.getElementById("tv-boards").replaceChildren(...data.boards.map(b => {
      const li = el("li", "tv-board " + b.state, b.title);
      li.dataset.board = String(b.number);
      li.append(el("span", "words", b.words));
      return li;
    }));
    return;
  }
  let stale = false;
  for (const b of data.boards) {
    const a = root.querySelector(`article[data-board="${b.number}"]`);
    if (!a) continue;
    if (a.dataset.state !== b.state) { stale = stale || b.state === "disagreed" || a.dataset.state === "disagreed"; }
    a.dataset.state = b.state;
    a.className = "match " + b.state;
    a.querySelector("h3").textContent = b.title;
    a.querySelector(".status").textContent = b.words;
  }
  if (stale && !document.querySelector("details[open]")) location.reload();
}

async function refresh(root, tv) {
  try {
    const answer = await fetch("/api/league/" + encodeURIComponent(root.dataset.id),
                               {headers: {"Accept": "application/json"}});
    if (answer.ok) draw(root, await answer.json(), tv);
  } catch (e) { /* the venue view restarting: the next second tries again */ }
}

document.addEventListener("DOMContentLoaded", () => {
  const tv = document.getElementById("league-tv");
  const root = tv || document.getElementById("league");
  if (!root) return;
  refresh(root, Boolean(tv));
  setInterval(() => refresh(root, Boolean(tv)), 1000);
});
