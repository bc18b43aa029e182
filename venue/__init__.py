"""``tablegame venue``: the venue's view of its tables, from what they publish on MQTT
(docs/mqtt.md). A listener stores what it receives in the venue's own small SQLite
(every event once, keyed by table, log and seq; each table's latest state and status);
a Flask page shows every table live, the evening's standings across tables and a TV
mode. It never talks to a table but through the broker."""
