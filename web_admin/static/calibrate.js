// Calibration: the board these settings make (drawn as its family's shapes), with the
// latest readings over it and each piece's place in words. Editing a value previews it (nothing saved); the readings are
// fetched again when the table publishes a change (pushed on the live stream, not polled:
// a phone left open on this page costs nothing while the board is still).
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
  const d = data.drawing;   // the family draws its board; this page knows no game
  if (!d) return;
  svg.setAttribute("viewBox", `0 0 ${d.width} ${d.height}`);
  for (const s of d.shapes) svg.append(shape(s.tag, s.attrs));
  const size = Math.max(12, d.width / 30);
  data.pieces.forEach((p, i) => {
    svg.append(shape(p.shape.tag, p.shape.attrs));
    const a = p.shape.attrs;
    const label = shape("text", { x: a.cx, y: a.cy + size / 3, "text-anchor": "middle",
                                  "font-size": size, fill: "#fff", stroke: "#000",
                                  "stroke-width": size / 12, "paint-order": "stroke" });
    label.textContent = i + 1;
    svg.append(label);
    const row = table.insertRow();
    for (const cell of [i + 1, `x ${p.x.toFixed(1)} mm, y ${p.y.toFixed(1)} mm`, p.where]) {
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
const changes = new EventSource("/api/stream");
changes.onmessage = refresh;
