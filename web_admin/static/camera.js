// The camera calibration area: the picture and the pieces in words, refreshed every second;
// the teaching's Take says it is working while the camera takes its pictures and learns; the
// board's four corners dragged on the picture (a finger, a mouse, or the arrow keys).
(function () {
  "use strict";
  const picture = document.getElementById("camera-picture");
  const list = document.getElementById("camera-pieces");
  const problem = document.getElementById("camera-problem");
  const corners = document.querySelector("#corners details");
  const cornerPicture = document.getElementById("corner-picture");
  async function refresh() {
    try {
      const answer = await fetch("/api/camera", {headers: {"Accept": "application/json"}});
      if (!answer.ok) return;
      const state = await answer.json();
      problem.hidden = !state.problem;
      problem.textContent = state.problem || "";
      document.getElementById("camera-markers").textContent = state.markers;
      document.getElementById("camera-recalibrations").textContent = state.recalibrations;
      list.replaceChildren(...state.pieces.map(function (p) {
        const item = document.createElement("li");
        item.textContent = p.where;
        return item;
      }));
      const source = "/api/camera/picture.jpg?t=" + Date.now();
      picture.src = source;
      if (corners && corners.open) cornerPicture.src = source;
    } catch (error) { /* the table is restarting: try again next second */ }
  }
  setInterval(refresh, 1000);

  // Teaching: the camera takes its pictures (and after the last step learns) for a few seconds
  const teach = document.getElementById("teach-form");
  if (teach) {
    teach.addEventListener("submit", function () {
      document.getElementById("teach-working").hidden = false;
      // disabled after the form has gone (a disabled button would not send its action)
      setTimeout(function () {
        teach.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      }, 0);
    });
  }

  // The corners: each handle stands where its two numbers say (pixels of the camera's picture)
  const frame = document.getElementById("corner-frame");
  if (!frame) return;
  const width = Number(frame.dataset.width), height = Number(frame.dataset.height);
  const form = document.getElementById("corners-form");
  const field = (n, axis) => form.querySelector(`input[name="corner${n}_${axis}"]`);
  const handles = Array.from(frame.querySelectorAll("button.corner"));
  function place(handle) {
    const n = handle.dataset.corner;
    handle.style.left = (100 * Number(field(n, "x").value) / width) + "%";
    handle.style.top = (100 * Number(field(n, "y").value) / height) + "%";
  }
  function moveTo(handle, x, y) {
    const n = handle.dataset.corner;
    field(n, "x").value = Math.round(Math.min(width, Math.max(0, x)));
    field(n, "y").value = Math.round(Math.min(height, Math.max(0, y)));
    place(handle);
  }
  handles.forEach(function (handle) {
    handle.hidden = false;
    place(handle);
    handle.addEventListener("pointerdown", function (event) {
      handle.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    handle.addEventListener("pointermove", function (event) {
      if (!handle.hasPointerCapture(event.pointerId)) return;
      const box = cornerPicture.getBoundingClientRect();
      moveTo(handle, (event.clientX - box.left) / box.width * width, (event.clientY - box.top) / box.height * height);
    });
    handle.addEventListener("keydown", function (event) {
      const step = event.shiftKey ? 10 : 2;
      const by = {ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step]}[event.key];
      if (!by) return;
      event.preventDefault();
      const n = handle.dataset.corner;
      moveTo(handle, Number(field(n, "x").value) + by[0], Number(field(n, "y").value) + by[1]);
    });
  });
  form.addEventListener("input", function () { handles.forEach(place); });
})();
