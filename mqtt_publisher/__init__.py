"""The table on MQTT (docs/mqtt.md): an adapter beside the writer that publishes the
table's status (with a last will), its state and every event of its own SQLite log to
a broker, and catches up from that log after an outage. It only reads the session's
face (``subscribe``, ``snapshot``, ``history``) and, when commands are allowed,
``submit``s; the table never waits for it. Imported only when ``[mqtt] enabled``."""
