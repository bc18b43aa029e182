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

function partyLine(p) {
  const bits = [];
  if (Array.isArray(p.marks)) bits.push(p.marks.map((m) => "|".repeat(m) || "·").join("  "));
  for (const [k, v] of Object.entries(p)) {
    if (["name", "marks", "at_turn", "player"].includes(k)) continue;
    if (typeof v === "string" || typeof v === "number") if (v !== "") bits.push(v);
  }
  return bits.join(" · ");
}

function drawParties(view) {
  const box = $("parties");
  box.replaceChildren();
  for (const p of view.parties || view.players || []) {
    if (typeof p !== "object" || p === null) continue;
    const div = document.createElement("div");
    div.className = "party" + (p.at_turn ? " at_turn" : "");
    const name = document.createElement("strong");
    name.textContent = (p.name || "") + (p.player ? " (" + p.player + ")" : "");
    const line = document.createElement("div");
    line.className = "marks";
    line.textContent = partyLine(p);
    div.append(name, line);
    box.append(div);
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
                                 fill: "#b87333", stroke: "#222", "stroke-width": 0.8, class: "coin" }));
  }
}

function drawDice(svg, snapshot) {
  const dice = snapshot.readings.find((r) => r.kind === "DiceReading");
  svg.setAttribute("viewBox", "0 0 100 40");
  (dice ? dice.values : []).forEach((v, i) => {
    svg.append(shape("rect", { x: 5 + i * 32, y: 5, width: 28, height: 28, rx: 4, fill: "#fff", stroke: "#222" }));
    const t = shape("text", { x: 19 + i * 32, y: 25, "text-anchor": "middle", "font-size": 14 });
    t.textContent = v;
    svg.append(t);
  });
}

function draw(snapshot) {
  const view = snapshot.view;
  root.dataset.version = snapshot.version;
  text("title", view.title || snapshot.game);
  text("options", Object.entries(snapshot.options).map(([k, v]) => k + "=" + v).join(", "));
  text("problem", view.problem);
  text("status", snapshot.calibrating ? "⚙ " + (view.message || "") : view.status);
  text("winner", view.winner);
  text("message", view.message);
  text("link", view.link);
  drawParties(view);
  const svg = $("board");
  svg.replaceChildren();
  if (view.board && view.board.lines) drawShove(svg, view);
  else drawDice(svg, snapshot);
}

draw(JSON.parse(root.dataset.snapshot));
const stream = new EventSource("/api/stream");
stream.onmessage = (e) => { $("lost").hidden = true; draw(JSON.parse(e.data)); };
stream.onerror = () => { $("lost").hidden = false; };
