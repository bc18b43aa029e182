"""The table's core, shared by every family: the one writer (``session``) and its event log
(``store``, ``history``, ``replay``), the rules' and plays' interfaces (``rules``, ``play``,
``games``), sensor readings, notes, parties and standings. No adapter is imported here."""
