// The live view: the table's own view model arrives by server-sent events and is
// drawn here (text and an SVG of the board as the sensors see it).
"use strict";
const root = document.getElementById("live");
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function text(id, value) {
  const el = $(id);
  el.textContent = value || "";
  if (el.hasAttribute("hidden") || !value) el.hidden = !value;
}

function shape(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function drawParties(snapshot) {
  // each party's card in words, made by the page (web_admin/cards.py) in its language
  const box = $("parties");
  box.replaceChildren();
  for (const card of snapshot.cards || []) {
    const li = document.createElement("li");
    li.className = "party" + (card.at_turn ? " at_turn" : "");
    const name = document.createElement("strong");
    name.textContent = card.name;
    li.append(name);
    if (card.at_turn) {
      const turn = document.createElement("span");
      turn.className = "turn";
      turn.textContent = " ▶ " + root.dataset.atTurn;
      li.append(turn);
    }
    for (const text of card.lines) {
      const line = document.createElement("div");
      line.className = "line";
      line.textContent = text;
      li.append(line);
    }
    box.append(li);
  }
}

function drawShove(svg, view) {
  const b = view.board, W = b.width, L = b.length;
  svg.setAttribute("viewBox", `0 0 ${W} ${L}`);
  svg.append(shape("rect", { x: 0, y: 0, width: W, height: L, fill: "#d9b48a" }));
  for (const [near, far] of b.lines) {
    svg.append(shape("rect", { x: 0, y: L - far, width: W, height: far - near, fill: "#5b3a1e" }));
  }
  svg.append(shape("rect", { x: b.lane[0], y: 0, width: b.lane[1] - b.lane[0], height: L,
                             fill: "none", stroke: "#5b3a1e", "stroke-width": 1 }));
  for (const c of view.coins || []) {
    svg.append(shape("circle", { cx: c.x, cy: L - c.y, r: b.coin_diameter / 2,
                                 fill: "#b87333", stroke: "#111", "stroke-width": 2, class: "coin" }));
  }
}

function drawCarrom(svg, view) {
  // Carrom: the square board seen from seat 0, pockets, circles and every piece reported
  const b = view.board, S = b.size;
  const colours = { white: "#f6eeda", black: "#24201e", queen: "#c82428", striker: "#70aae8" };
  svg.setAttribute("viewBox", `0 0 ${S} ${S}`);
  svg.append(shape("rect", { x: 0, y: 0, width: S, height: S, fill: "#ecce98" }));
  svg.append(shape("circle", { cx: S / 2, cy: S / 2, r: b.outer_circle / 2, fill: "none", stroke: "#40281a" }));
  const inset = b.man_diameter / 2;
  for (const [x, y] of [[inset, inset], [S - inset, inset], [S - inset, S - inset], [inset, S - inset]]) {
    svg.append(shape("circle", { cx: x, cy: S - y, r: b.pocket_diameter / 2, fill: "#100e0c" }));
  }
  for (const p of view.pieces || []) {
    const r = (p.kind === "striker" ? b.striker_diameter : b.man_diameter) / 2;
    svg.append(shape("circle", { cx: p.x, cy: S - p.y, r: r, fill: colours[p.kind] || "#888",
                                 stroke: p.kind === "black" ? "#f6eeda" : "#111", "stroke-width": 2.5, class: "piece" }));
  }
}

function drawNamedDice(svg, dice) {
  // Neunfeld: Miwin's dice III, IV and V told apart by their colour and name, as on the table
  const fills = ["#1a5fb4", "#c01c28", "#241f31"];
  svg.setAttribute("viewBox", "0 0 100 48");
  dice.forEach((d, i) => {
    svg.append(shape("rect", { x: 5 + i * 32, y: 4, width: 28, height: 28, rx: 4, fill: fills[d.colour] || "#fff",
                               stroke: d.tipped ? "#f5c542" : "#222", "stroke-width": d.tipped ? 3 : 1 }));
    const top = shape("text", { x: 19 + i * 32, y: 24, "text-anchor": "middle", "font-size": 14, fill: "#fff" });
    top.textContent = d.top;
    const name = shape("text", { x: 19 + i * 32, y: 44, "text-anchor": "middle", "font-size": 9 });
    name.textContent = d.name;
    svg.append(top, name);
  });
}

function drawDice(svg, snapshot) {
  if (snapshot.view.dice && snapshot.view.dice.length && snapshot.view.dice[0].name) {
    drawNamedDice(svg, snapshot.view.dice);
    return;
  }
  const dice = snapshot.readings.find((r) => r.kind === "DiceReading");
  svg.setAttribute("viewBox", "0 0 100 40");
  (dice ? dice.values : []).forEach((v, i) => {
    svg.append(shape("rect", { x: 5 + i * 32, y: 5, width: 28, height: 28, rx: 4, fill: "#fff", stroke: "#222" }));
    const t = shape("text", { x: 19 + i * 32, y: 25, "text-anchor": "middle", "font-size": 14 });
    t.textContent = v;
    svg.append(t);
  });
}

// The replay of the last move (view.replay: Shove's last shove, as the physics check
// explained it), drawn as the table's screen draws it (tablegame/families/shove/
// screen_replay.py): the board as it was, every path, the coins sliding LEAD s after the
// start, SLOW times slower than the shot (SHORTEST s at least). Shown at rest, played
// on "Replay" and whenever the table is asked to replay it; at rest only for a reader
// who asked the browser for less motion.
const LEAD = 0.8, SLOW = 4.0, SHORTEST = 2.0;
const PATH = "#6028a0", EDGE = "#f6eeda", NAMED = "#cc2026";
let replayKey = null, replayAsked = null, replayFrame = null;

function positions(r, shotTime) {
  const at = Math.max(0, shotTime) / r.interval, k = Math.floor(at), f = at - k;
  return r.paths.map((p) => k + 1 >= p.length ? p[p.length - 1]
    : [p[k][0] + f * (p[k + 1][0] - p[k][0]), p[k][1] + f * (p[k + 1][1] - p[k][1])]);
}

function placeCoins(svg, r, shotTime) {
  const L = svg.dataset.length;
  positions(r, shotTime).forEach(([x, y], i) => {
    const coin = svg.querySelector(`[data-path="${i}"]`);
    coin.setAttribute("cx", x);
    coin.setAttribute("cy", L - y);
  });
}

function playReplay(r) {
  const svg = $("replay-board");
  const duration = Math.max(0, ...r.paths.map((p) => p.length - 1)) * r.interval;
  const slide = Math.max(SHORTEST, duration * SLOW);
  if (replayFrame !== null) cancelAnimationFrame(replayFrame);
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return placeCoins(svg, r, duration);
  placeCoins(svg, r, 0);              // the board as it was, at once: not a frame later
  const start = performance.now();
  const step = (now) => {
    const t = (now - start) / 1000 - LEAD;
    placeCoins(svg, r, t / slide * duration);
    replayFrame = t < slide ? requestAnimationFrame(step) : null;
  };
  replayFrame = requestAnimationFrame(step);
}

function drawReplay(view) {
  const box = $("replay"), shown = view.replay;
  box.hidden = !shown;
  if (!shown) { replayKey = null; return; }
  const key = JSON.stringify(shown);
  if (key === replayKey) return;      // the same replay: leave it playing
  const again = replayAsked !== null && shown.asked > replayAsked;
  replayKey = key;
  replayAsked = shown.asked;
  text("replay-title", shown.title);
  text("replay-words", shown.words);
  const svg = $("replay-board"), r = shown.replay, b = view.board, L = b.length, R = b.coin_diameter / 2;
  svg.replaceChildren();
  svg.dataset.length = L;
  drawShove(svg, { board: b, coins: [] });
  for (const path of r.paths.filter((p) => p.length > 1)) {
    const points = path.map(([x, y]) => `${x},${L - y}`).join(" ");
    svg.append(shape("polyline", { points, fill: "none", stroke: EDGE, "stroke-width": 5, class: "path-edge" }));
    svg.append(shape("polyline", { points, fill: "none", stroke: PATH, "stroke-width": 3, class: "path" }));
  }
  if (r.named) {
    const [sx, sy] = r.named.seen, [wx, wy] = r.named.would;
    svg.append(shape("line", { x1: sx, y1: L - sy, x2: wx, y2: L - wy, stroke: NAMED,
                               "stroke-width": 2.5, "stroke-dasharray": "6 5" }));
    svg.append(shape("circle", { cx: sx, cy: L - sy, r: R + 2, fill: "none", stroke: NAMED,
                                 "stroke-width": 3, class: "named" }));
    const label = shape("text", { x: sx + (wx > sx ? -1 : 1) * (2 * R + 6), y: L - sy + 8,
                                  "text-anchor": "middle", "font-size": 24, "font-weight": "bold",
                                  fill: "#111", stroke: EDGE, "stroke-width": 4, "paint-order": "stroke" });
    label.textContent = r.named.number;
    svg.append(label);
  }
  r.paths.forEach((_, i) => {
    svg.append(shape("circle", { r: R, fill: "#b87333", stroke: "#111", "stroke-width": 2,
                                 class: "coin", "data-path": i }));
  });
  const duration = Math.max(0, ...r.paths.map((p) => p.length - 1)) * r.interval;
  placeCoins(svg, r, duration);       // at rest, where the fit leaves them
  $("replay-play").hidden = false;
  $("replay-play").onclick = () => playReplay(r);
  if (again) playReplay(r);           // the table replays it now: so does the page
}

function draw(snapshot) {
  const view = snapshot.view;
  root.dataset.version = snapshot.version;
  text("title", view.title || snapshot.game);
  text("options", Object.entries(snapshot.options).map(([k, v]) => k + "=" + v).join(", "));
  text("problem", view.problem);
  text("status", snapshot.calibrating ? "⚙ " + (view.message || "") : view.status);
  text("winner", view.winner);
  text("message", snapshot.last_event);
  $("last").hidden = !snapshot.last_event;     // no label with nothing after it
  text("link", view.link);
  drawParties(snapshot);
  $("board-words").textContent = $("board-words").textContent.split(":")[0] + ": " + snapshot.board_words;
  const svg = $("board");
  svg.replaceChildren();
  if (view.board && view.board.lines) drawShove(svg, view);
  else if (view.board && view.board.pocket_diameter) drawCarrom(svg, view);
  else drawDice(svg, snapshot);
  drawReplay(view);
}

draw(JSON.parse(root.dataset.snapshot));
const stream = new EventSource("/api/stream");
stream.onmessage = (e) => { $("lost").hidden = true; draw(JSON.parse(e.data)); };
stream.onerror = () => { $("lost").hidden = false; };
