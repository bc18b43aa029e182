"""The composition root: the commands (``cli``), the service that builds the real or the
simulated parts from the configuration, supervision, safe mode, doctor and the headless runner.
Only here are real and simulated parts chosen; nothing in the core imports this package."""
