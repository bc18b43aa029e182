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
}

draw(JSON.parse(root.dataset.snapshot));
const stream = new EventSource("/api/stream");
stream.onmessage = (e) => { $("lost").hidden = true; draw(JSON.parse(e.data)); };
stream.onerror = () => { $("lost").hidden = false; };
