"""Perfect play, computed once and cached on disk: not rules engines (those are pure,
in tablegame/games), but players that read the rules."""
