// Calibration: the board these settings make, with the latest readings over it and each
// coin's place in words. Editing a value previews it (nothing saved); the readings are
// fetched again every second.
"use strict";
const SVG = "http://www.w3.org/2000/svg";
const form = document.getElementById("geometry");

function shape(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function draw(data) {
  const problems = document.getElementById("problems");
  problems.textContent = data.problems.join("; ");
  problems.hidden = !data.problems.length;
  const svg = document.getElementById("board"), table = document.getElementById("coins");
  svg.replaceChildren();
  table.replaceChildren();
  const b = data.board;
  if (!b) return;
  const W = b.width, L = b.length;
  svg.setAttribute("viewBox", `0 0 ${W} ${L}`);
  svg.append(shape("rect", { x: 0, y: 0, width: W, height: L, fill: "#d9b48a" }));
  for (const [near, far] of b.lines) {
    svg.append(shape("rect", { x: 0, y: L - far, width: W, height: Math.max(far - near, 0.5),
                               fill: "#5b3a1e" }));
  }
  svg.append(shape("rect", { x: b.lane[0], y: 0, width: b.lane[1] - b.lane[0], height: L,
                             fill: "none", stroke: "#5b3a1e", "stroke-width": 1 }));
  data.coins.forEach((c, i) => {
    svg.append(shape("circle", { cx: c.x, cy: L - c.y, r: b.coin_diameter / 2, fill: "#b87333",
                                 "fill-opacity": 0.8, stroke: "#222", "stroke-width": 0.8,
                                 class: "coin" }));
    const label = shape("text", { x: c.x, y: L - c.y + 4, "text-anchor": "middle", "font-size": 12 });
    label.textContent = i + 1;
    svg.append(label);
    const row = table.insertRow();
    for (const cell of [i + 1, `x ${c.x.toFixed(1)} mm, y ${c.y.toFixed(1)} mm`, c.where]) {
      row.insertCell().textContent = cell;
    }
  });
}

function query() {
  const params = new URLSearchParams(form ? new FormData(form) : undefined);
  params.delete("csrf_token");
  return params.toString();
}

async function refresh() {
  const answer = await fetch("/api/calibrate?" + query(), { headers: { Accept: "application/json" } });
  if (answer.ok) draw(await answer.json());
}

draw(JSON.parse(document.getElementById("preview").textContent));
if (form) form.addEventListener("input", refresh);
setInterval(refresh, 1000);
