// The counters change all the time: fetch them again every two seconds (no reload).
"use strict";
setInterval(async () => {
  const answer = await fetch("/api/health", { headers: { Accept: "application/json" } });
  if (!answer.ok) return;
  const facts = await answer.json();
  for (const row of document.querySelectorAll("#health tr")) {
    if (row.dataset.key in facts) row.querySelector("td").textContent = facts[row.dataset.key];
  }
}, 2000);
