"""The rules of the house (ARCHITECTURE.md, docs/architecture.md), checked on the source:
dependencies point inward, each game family is one package whose modules keep to their roles,
and the rules engines are pure."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
ADAPTERS = ("hardware", "firmware_bridge", "web_admin", "pygame", "gpiozero", "serial", "flask",
            "waitress", "mqtt_publisher", "venue", "paho", "camera_board", "camera_sim", "cv2",
            "table_app", "tablegame.display")
IO = ("sqlite3", "socket", "threading", "time", "random", "secrets", "os", "pathlib", "pymunk",
      "tablegame.core.store", "tablegame.core.session", "tablegame.physics")
FAMILIES = sorted(p.parent.name for p in (ROOT / "tablegame/families").glob("*/__init__.py"))

# A family module's role is its name: tablegame/families/<name>/<role>[_more].py
PURE_ROLES = ("rules", "board", "referee", "view", "texts")   # no pygame, pymunk, serial, gpiozero, flask
PHYSICS_ROLES = ("physics",)                                    # may import pymunk
SCREEN_ROLES = ("screen", "hands")                              # may import pygame and the display
ADAPTER_ROLES = SCREEN_ROLES + ("script",)                      # the family's part of the composition root


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def role(rel: str) -> str:
    return Path(rel).stem.split("_")[0]


def family_modules(name: str | None = None) -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix()
                  for p in (ROOT / "tablegame/families").glob(f"{name or '*'}/*.py"))


def core_modules():
    """Every module of tablegame/ but the drawing toolkit (tablegame/display/, pygame) and the
    families' adapter parts (their screens, hands and headless steps)."""
    for path in sorted((ROOT / "tablegame").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        in_family = rel.startswith("tablegame/families/") and rel.count("/") == 3
        if not (rel.startswith("tablegame/display/") or in_family and role(rel) in ADAPTER_ROLES):
            yield rel


def touches(names: set[str], forbidden) -> list[str]:
    return sorted(n for n in names for f in forbidden if n == f or n.startswith(f + "."))


def dotted(rel: str) -> str:
    return rel.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


@pytest.mark.parametrize("module", list(core_modules()))
def test_the_core_imports_no_adapter(module):
    assert not touches(imports(ROOT / module), ADAPTERS)


def rules_modules() -> list[str]:
    """Each family's rules engine: its rules module and the family's modules that imports."""
    found = []
    for name in FAMILIES:
        own = {dotted(m): m for m in family_modules(name)}
        todo = [f"tablegame.families.{name}.rules"]
        while todo:
            module = todo.pop()
            if module in own and own[module] not in found:
                found.append(own[module])
                todo += [n for n in imports(ROOT / own[module]) if n in own]
    return sorted(found)


def test_every_family_has_a_rules_engine_the_checks_find():
    engines = rules_modules()
    assert all(f"tablegame/families/{name}/rules.py" in engines for name in FAMILIES)
    assert "tablegame/families/carrom/state.py" in engines      # a part the rules module imports


@pytest.mark.parametrize("module", rules_modules())
def test_the_rules_engines_do_no_io_and_keep_no_clock_or_dice_of_their_own(module):
    allowed = {"random"}  # only as the type of the rng handed to random_action
    found = [n for n in touches(imports(ROOT / module), IO) if n not in allowed]
    assert not found


@pytest.mark.parametrize("module", family_modules())
def test_a_family_module_keeps_to_its_role(module):
    """Rules, board, referee, view and texts import no adapter and no physics engine; only
    the physics imports pymunk; only the screen and the hands pygame and the display."""
    names = imports(ROOT / module)
    if role(module) not in PHYSICS_ROLES:
        assert not touches(names, ("pymunk",))
    if role(module) not in SCREEN_ROLES:
        assert not touches(names, ("pygame", "hardware", "tablegame.display"))
    if role(module) in PURE_ROLES:
        assert not touches(names, ADAPTERS + ("pymunk", "tablegame.physics"))


def test_importing_every_pure_module_of_the_families_loads_no_adapter_and_no_physics():
    """However deep: a family's rules, board, referee, view and texts (and what they import)
    load neither pygame, pymunk, pyserial, gpiozero nor Flask (in a fresh interpreter)."""
    modules = [dotted(m) for m in family_modules() if role(m) in PURE_ROLES] + \
        [dotted(m) for m in rules_modules()]
    program = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
               "print(sorted({n.split('.')[0] for n in sys.modules} & "
               "{'pygame', 'pymunk', 'serial', 'gpiozero', 'flask', 'waitress', 'hardware'}))")
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert (result.returncode, result.stdout.strip()) == (0, "[]"), result.stderr


@pytest.mark.parametrize("module", family_modules())
def test_no_family_imports_another(module):
    own = f"tablegame.families.{module.split('/')[2]}"
    others = [n for n in touches(imports(ROOT / module), ("tablegame.families",))
              if n != own and not n.startswith(own + ".")]
    assert others == []


def test_nothing_outside_a_family_imports_its_modules():
    """The registry reaches a family by its registration's "module:attr" strings only."""
    found = []
    for top in ("tablegame", "table_app", "hardware", "web_admin", "firmware_bridge"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith("tablegame/families/"):
                found += [f"{rel}: {n}" for n in touches(imports(path), ("tablegame.families",))
                          if n != "tablegame.families"]   # the registry lists the package
    assert found == []


# The core's edges: the modules of tablegame/ that do I/O by design, each with why. Every
# other core module (rules, referees, boards, views, plays, texts, physics) is pure.
EDGES = {
    "tablegame/core/session.py": "the one writer: its queue, its thread, its clock, the log",
    "tablegame/core/store.py": "the SQLite event log",
    "tablegame/core/history.py": "reads the event log on a connection of its own",
    "tablegame/core/replay.py": "replays a log file",
    "tablegame/face.py": "the session's face to adapters",
    "tablegame/core/text_file.py": "reads a text file a user named, with the problem in words",
    "tablegame/core/atomic_file.py": "replaces a file whole (configuration, failed starts, caches)",
    "tablegame/config/__init__.py": "reads the configuration file",
    "tablegame/config/file.py": "reads and writes the configuration file",
    "tablegame/families/carrom/position.py": "the position-file command (tablegame carrom-position)",
    "tablegame/families/shove/simulation.py": "the simulated board's world, shared with its thread",
    "tablegame/families/neunfeld/solver.py": "the solution cache on disk",
    "tablegame/families/neunfeld/play.py": "loads the Neunfeld solution in the background, once per variant",
    "tablegame/families/shove/corpus.py": "a command that prints the plausibility check's figures",
}
# pymunk is the physics' own engine (no I/O); random only types the rng a caller hands in
PURE_MAY_USE = ("random", "pymunk", "tablegame.physics")
IO_CALLS = ("open", "print", "input", "exec", "eval", "__import__")
IO_METHODS = (".read_text", ".write_text", ".read_bytes", ".write_bytes", ".mkdir", ".unlink")


def io_calls(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in IO_CALLS or name.endswith(IO_METHODS):
                found.append(f"{name}() at line {node.lineno}")
    return found


@pytest.mark.parametrize("module", [m for m in core_modules() if m not in EDGES])
def test_the_core_does_no_io(module):
    names = [n for n in touches(imports(ROOT / module), IO)
             if not any(n == p or n.startswith(p + ".") for p in PURE_MAY_USE)]
    assert names + io_calls(ROOT / module) == []


def test_every_edge_of_the_core_still_exists():
    assert sorted(set(EDGES) - set(core_modules())) == []


def test_importing_the_whole_core_loads_no_adapter():
    """Not only no direct import: nothing the core imports, however deep, pulls in pygame,
    pyserial, gpiozero or Flask (checked in a fresh interpreter)."""
    modules = [dotted(m) for m in core_modules()]
    program = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
               "print(sorted({n.split('.')[0] for n in sys.modules} & "
               "{'pygame', 'serial', 'gpiozero', 'flask', 'waitress', 'hardware', 'firmware_bridge', "
               "'web_admin'}))")
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert (result.returncode, result.stdout.strip()) == (0, "[]"), result.stderr


def test_the_composition_root_is_where_real_and_simulated_parts_are_chosen():
    choosers = [m for m in core_modules()
                if "VirtualBoard" in (ROOT / m).read_text() or "MockFactory" in (ROOT / m).read_text()]
    assert choosers == []


@pytest.mark.parametrize("module", sorted(p.relative_to(ROOT).as_posix()
                                          for p in (ROOT / "web_admin").glob("*.py")))
def test_the_staff_page_uses_no_hardware_and_no_session_insides(module):
    names = imports(ROOT / module)
    assert not touches(names, ("pygame", "gpiozero", "serial", "hardware", "firmware_bridge",
                               "tablegame.core.store", "table_app.name_editor"))


# -- between the top-level folders every import points one way (issue 26) -------------------------
# The house from the top floor down, as docs/architecture.md draws it. A folder imports only
# folders on a lower floor; folders on one floor are siblings and import each other not at all.
LAYERS = (
    ("benchmarks", "soak"),          # measure and stress what is below
    ("table_app",),                  # the composition root: the one place that imports the adapters
    ("venue",),                      # tablegame venue: the pub's tables on one page
    ("mqtt_publisher",),             # the table on MQTT
    ("web_admin",),                  # the staff page
    ("camera_sim",),                 # draws a simulated camera (renderer, scenes, corpora, rigs)
    ("camera_board",),               # the camera as the board, as it runs on a Pi
    ("firmware_bridge", "hardware"),  # the serial link and the virtual board; buttons and pins
    ("tablegame",),                  # the table itself: core, families, their screens
)
FLOOR = {top: len(LAYERS) - k for k, layer in enumerate(LAYERS) for top in layer}


def top_level_imports() -> list[tuple[str, str]]:
    """(file, top-level folder it imports) for every import between two of the house's folders."""
    found = []
    for top in FLOOR:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            found += [(rel, name.split(".")[0]) for name in sorted(imports(path))
                      if name.split(".")[0] in FLOOR and name.split(".")[0] != top]
    return found


def imports_not_pointing_down(found: list[tuple[str, str]]) -> list[str]:
    return [f"{rel} imports {target}" for rel, target in found
            if FLOOR[target] >= FLOOR[rel.split("/")[0]]]


def test_every_top_level_folder_of_python_is_on_a_floor():
    tops = {p.parts[0] for p in (q.relative_to(ROOT) for q in ROOT.glob("*/**/*.py"))
            if p.parts[0] not in ("tests", "firmware", "examples") and not p.parts[0].startswith(".")}
    assert tops == set(FLOOR)


def test_between_top_level_folders_every_import_points_down():
    assert imports_not_pointing_down(top_level_imports()) == []


def test_only_the_composition_root_and_the_measures_import_it():
    assert [f"{rel}" for rel, target in top_level_imports()
            if target == "table_app" and rel.split("/")[0] not in ("benchmarks", "soak")] == []


def test_the_pis_camera_code_imports_nothing_of_the_renderer():
    found = [f"{rel}: {name}" for path in sorted((ROOT / "camera_board").rglob("*.py"))
             for rel in [path.relative_to(ROOT).as_posix()] for name in imports(path)
             if name.split(".")[0] == "camera_sim"]
    assert found == []


@pytest.mark.parametrize("found, wrong", [
    ([("tablegame/app.py", "web_admin")], ["tablegame/app.py imports web_admin"]),    # up
    ([("hardware/keys.py", "firmware_bridge")], ["hardware/keys.py imports firmware_bridge"]),  # siblings
    ([("web_admin/x.py", "tablegame"), ("table_app/cli.py", "venue")], []),           # down
])
def test_the_floor_check_finds_what_points_up_or_sideways(found, wrong):
    assert imports_not_pointing_down(found) == wrong


# -- a game family is one folder, named nowhere else (issues 9 and 17) -----------------------------
SCANNED = ("tablegame", "table_app", "hardware", "web_admin", "firmware_bridge")


def _path_of(target: str) -> str:
    """The file prefix of a "module:attr" string: "tablegame.families.shove.play:X" ->
    tablegame/families/shove/play."""
    return target.split(":")[0].replace(".", "/")


def own_prefixes(family) -> tuple[str, ...]:
    """Where ``family``'s own modules are: its folder."""
    return (f"tablegame/families/{family.name}/",)


def naming(family, value: str) -> bool:
    """Whether a string constant names ``family`` or one of its games: the name itself,
    a key under it ("schocken.dice", "shove-hapenny.x") or one of its modules."""
    names = {family.name, *(g.name for g in family.games)}
    if value in names or any(value.startswith(n + ".") for n in names):
        return True
    path = _path_of(value) if value.startswith(("tablegame.", "table_app.", "hardware.")) else value
    return "/" in path and any(path.startswith(p) for p in own_prefixes(family))


def strings(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source`` with their lines, docstrings left out."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def games_named_in(rel: str, source: str) -> list[str]:
    """Each place in ``source`` (the file ``rel``) that names a game of a family whose
    own module it is not."""
    from tablegame.registry import families
    found = []
    for family in families():
        if any(rel == p or rel.startswith(p) for p in own_prefixes(family)):
            continue
        found += [f"{rel}:{line}: {value!r} names {family.name}"
                  for line, value in strings(source) if naming(family, value)]
    return found


def test_outside_its_own_modules_no_code_names_a_game():
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            found += games_named_in(rel, path.read_text(encoding="utf-8"))
    assert found == []


@pytest.mark.parametrize("source, named", [
    ('SOLO = {"schocken", "neunfeld"}', ["schocken", "neunfeld"]),
    ('x = config["shove.moved_coin"]', ["shove"]),
    ('GAMES = ("shove-hapenny",)', ["shove"]),
    ('SCREEN = "tablegame.families.neunfeld.screen:NeunfeldScreen"', ["neunfeld"]),
    ('TEXTS = ("tablegame.families.schocken.texts",)', ["schocken"]),
    ('"""The shove and schocken tables."""\nnote = "schocken_odds"  # a text key, not a game', []),
])
def test_the_game_name_check_finds_names_and_only_those(source, named):
    found = games_named_in("tablegame/somewhere.py", source)
    assert sorted(f.rsplit(" ", 1)[1] for f in found) == sorted(named)


def test_a_familys_own_modules_are_its_folder():
    from tablegame.registry import family_of
    assert own_prefixes(family_of("shove-hapenny")) == ("tablegame/families/shove/",)
    assert not games_named_in("tablegame/families/shove/play.py", '_BOARDS = {"shove-hapenny": 1}')
    assert games_named_in("tablegame/families/schocken/play.py", '_BOARDS = {"shove-hapenny": 1}')


def test_every_part_a_registration_names_is_in_its_familys_folder():
    from tablegame.registry import families
    for family in families():
        named = [family.texts, family.play, family.screen, family.view_type, family.hands,
                 family.script, family.calibration, *(g.rules for g in family.games),
                 *(c.action for c in family.corrections)]
        assert [t for t in named if t and not _path_of(t).startswith(own_prefixes(family)[0])] == []


def test_every_playable_family_names_parts_that_exist():
    """Its play and texts must be there; a screen, hands or script may still be being
    built (the table says it cannot do that yet), but what is there has what is named."""
    from tablegame.registry import installed, load, playable
    for family in playable():
        assert installed(family.play) and installed(family.texts), family.name
        for target in (family.play, family.screen, family.view_type, family.hands,
                       family.calibration, *(c.action for c in family.corrections)):
            assert not installed(target) or callable(load(target)), target
        if installed(family.script):
            script = __import__(family.script, fromlist=["STEPS"])
            assert isinstance(script.STEPS, dict) and callable(script.world) and callable(script.step)
        assert __import__(family.texts, fromlist=["TEXTS"]).TEXTS


# -- the shared texts are shared: a family's own texts live in its texts module ------------------
def text_keys_of(source: str) -> set[str]:
    """The keys of the ``TEXTS = {"de": {...}, "en": {...}}`` literal in ``source``."""
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        if "TEXTS" in [getattr(t, "id", None) for t in targets] and isinstance(node.value, ast.Dict):
            return {k.value for table in node.value.values for k in table.keys}
    return set()


def keys_of_one_family(keys: set[str], sources: dict[str, str]) -> list[str]:
    """Each of ``keys`` whose every user (a file of ``sources`` holding it as a string) is
    one and the same family's own module: that family's texts module is its place.
    A key a shared module or two families use is shared; one nobody uses is not judged."""
    from tablegame.registry import families
    users = {key: set() for key in keys}
    for rel, source in sources.items():
        owner = next((f.name for f in families()
                      if any(rel == p or rel.startswith(p) for p in own_prefixes(f))), None)
        for key in keys & {value for _, value in strings(source)}:
            users[key].add(owner)
    return sorted(f"{key} is {owners.pop()}'s own" for key, owners in users.items()
                  if len(owners) == 1 and None not in owners)


def test_the_shared_texts_hold_no_text_only_one_family_uses():
    keys = text_keys_of((ROOT / "tablegame/texts/__init__.py").read_text(encoding="utf-8"))
    assert "new_game" in keys
    sources = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
               for top in SCANNED for path in sorted((ROOT / top).rglob("*.py"))}
    del sources["tablegame/texts/__init__.py"]
    assert keys_of_one_family(keys, sources) == []


@pytest.mark.parametrize("sources, found", [
    ({"tablegame/families/shove/play.py": 'a = "status_turn"; b = "illegal"',
      "tablegame/core/session.py": 'c = "illegal"'}, ["status_turn is shove's own"]),
    ({"tablegame/families/shove/play.py": 'x = "winner"', "tablegame/families/shove/referee.py": 'y = "winner"'},
     ["winner is shove's own"]),
    ({"tablegame/families/shove/play.py": 'x = "winner"', "tablegame/families/carrom/play.py": 'y = "winner"'}, []),
    ({"tablegame/families/shove/play.py": '"""status_turn, illegal and winner."""'}, []),
])
def test_the_shared_text_check_finds_one_familys_texts_and_only_those(sources, found):
    assert keys_of_one_family({"status_turn", "illegal", "winner"}, sources) == found


def test_every_module_imports_on_its_own():
    """An import cycle shows only when one of its modules is imported first (a family's rules
    importing its texts once broke on whichever came first): each module of the program is
    imported first, after the program's modules are forgotten (in one of two fresh interpreters)."""
    tops = tuple(top for layer in LAYERS for top in layer if top not in ("benchmarks", "soak"))
    modules = [dotted(p.relative_to(ROOT).as_posix()) for top in tops
               for p in sorted((ROOT / top).rglob("*.py")) if p.name != "__main__.py"]
    program = (f"import importlib, sys\nbad = []\nfor m in sys.argv[1:]:\n"
               f"    for n in [n for n in sys.modules if n.split('.')[0] in {tops!r}]:\n"
               "        del sys.modules[n]\n"
               "    try:\n        importlib.import_module(m)\n"
               "    except Exception as e:\n        bad.append(f'{m}: {type(e).__name__}: {e}')\n"
               "print(bad)")
    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    # two interpreters side by side, every other module each: the machine's two cores
    runs = [subprocess.Popen([sys.executable, "-c", program, *modules[half::2]], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for half in (0, 1)]
    said = [(*run.communicate(timeout=300), run.returncode) for run in runs]
    for out, err, code in said:
        assert (code, out.strip()) == (0, "[]"), out + err
