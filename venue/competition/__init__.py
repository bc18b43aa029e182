"""An evening's competition across the pub's tables, and a league match between two
pubs (docs/competitions.md).

Pure parts, no I/O: ``model`` (what staff choose and what the log holds), ``draw``
(the matches of a knockout with byes, a round robin, a Schocken evening), ``fold`` (a
competition is the fold of its own log, as a table's game is), ``games`` (a table's
logged game folded: which match it is and how it ended), ``standings`` and
``league`` (a league match: relayed moves, the agreed result). Beside them the
venue's side: ``log`` (the competition log, SQLite), ``runner`` (the one writer: it
sends each match to a free table and takes its result from the table's log) and
``pages`` (the staff pages and the TV view)."""
