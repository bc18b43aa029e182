// The camera calibration area: the picture and the pieces in words, refreshed every second.
(function () {
  "use strict";
  const picture = document.getElementById("camera-picture");
  const list = document.getElementById("camera-pieces");
  const problem = document.getElementById("camera-problem");
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
      picture.src = "/api/camera/picture.jpg?t=" + Date.now();
    } catch (error) { /* the table is restarting: try again next second */ }
  }
  setInterval(refresh, 1000);
})();
