"""The staff page's history folds the whole log through the rules on every request (the
games, their results and the evening's standings are never stored twice). How long that
takes for a busy evening's log and for a month's: GET /history (read the log on its
read-only connection, replay every game, the standings), the first time and again after
(a game's replay is remembered while its log stays as it is)."""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from tablegame.families.schocken.rules import HalfLost
from tablegame.core.history import History
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, NewGame, Session
from tablegame.core.store import EventLog

SHOVE = GameSetup("shove-hapenny", (("Anna", "Dora"), ("Ben",)))
SCHOCKEN = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",)))
SAMPLES = 20


def _log(folder: Path, games: int) -> tuple[Path, int]:
    """A log of ``games`` games: whole random Shove games and Schocken sheets of three
    games each (halves ended by correction); the number of entries."""
    store, rng = folder / f"history-{games}.sqlite", random.Random(games)
    session = Session(EventLog(store), make_play, SHOVE, rng=rng)
    for i in range(games):
        if i % 2:
            session.handle(NewGame(SCHOCKEN))
            for _ in range(6):
                if session.play.rules.outcome(session.status.state) is not None:
                    session.handle(Act(session.play.rules.random_action(session.status.state,
                                                                         rng)))
                session.handle(Act(HalfLost(rng.randrange(3))))
        else:
            session.handle(NewGame(SHOVE))
            while session.play.rules.outcome(session.status.state) is None:
                session.handle(Act(session.play.rules.random_action(session.status.state, rng)))
    session.close()
    return store, len(History(store).entries())


def _page(store: Path, folder: Path):
    """A logged-in admin's browser on the staff page over ``store`` (no session writes)."""
    from tablegame.config import parse
    from tablegame.config.file import ConfigFile
    from tablegame.face import TableFace
    from web_admin import create_app
    session = Session(EventLog(store), make_play, SHOVE)
    face = TableFace(submit=session.submit, subscribe=session.subscribe,
                     snapshot=session.snapshot, history=History(store), health=dict,
                     settings=ConfigFile(None, parse({})), restart=lambda: None,
                     data_folder=str(folder / store.stem))
    client = create_app(face).test_client()
    page = client.get("/setup").get_data(as_text=True)
    token = page.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]
    client.post("/setup", data={"name": "admin", "password": "bench-secret", "csrf_token": token})
    return client


def _ms(client) -> float:
    start = time.perf_counter()
    assert client.get("/history").status_code == 200
    return (time.perf_counter() - start) * 1000


def run() -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory(prefix="bench-history-") as folder:
        for games in (20, 200):
            store, entries = _log(Path(folder), games)
            client = _page(store, Path(folder))
            first = _ms(client)     # every game folded through the rules
            times = sorted(_ms(client) for _ in range(SAMPLES))   # the log unchanged since
            lines.append(f"/history, {games} games ({entries} log entries): first request "
                         f"{first:.0f} ms; then median {statistics.median(times):.0f} ms, worst "
                         f"{times[-1]:.0f} ms ({SAMPLES} samples)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
