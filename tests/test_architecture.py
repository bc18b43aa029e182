"""The rules of the house (ARCHITECTURE.md), checked on the source: dependencies
point inward, and the rules engines are pure."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
COMPOSITION_ROOT = {"tablegame/service.py", "tablegame/cli.py", "tablegame/supervised.py",
                    "tablegame/doctor.py",
                    "tablegame/safe_mode.py"}  # and script*.py, desktop/
ADAPTERS = ("hardware", "firmware_bridge", "web_admin", "pygame", "gpiozero", "serial", "flask",
            "waitress")
IO = ("sqlite3", "socket", "threading", "time", "random", "secrets", "os", "pathlib", "pymunk",
      "tablegame.store", "tablegame.session", "tablegame.physics")


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def core_modules():
    for path in sorted((ROOT / "tablegame").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not (rel in COMPOSITION_ROOT or rel.startswith(("tablegame/desktop/", "tablegame/script"))):
            yield rel


def touches(names: set[str], forbidden) -> list[str]:
    return sorted(n for n in names for f in forbidden if n == f or n.startswith(f + "."))


@pytest.mark.parametrize("module", list(core_modules()))
def test_the_core_imports_no_adapter(module):
    assert not touches(imports(ROOT / module), ADAPTERS + ("tablegame.service", "tablegame.cli",
                                                            "tablegame.desktop"))


@pytest.mark.parametrize("module", sorted(p.relative_to(ROOT).as_posix()
                                          for p in (ROOT / "tablegame/games").glob("*.py")))
def test_the_rules_engines_do_no_io_and_keep_no_clock_or_dice_of_their_own(module):
    allowed = {"random"}  # only as the type of the rng handed to random_action
    found = [n for n in touches(imports(ROOT / module), IO) if n not in allowed]
    assert not found


def test_the_composition_root_is_where_real_and_simulated_parts_are_chosen():
    choosers = [m for m in core_modules()
                if "VirtualBoard" in (ROOT / m).read_text() or "MockFactory" in (ROOT / m).read_text()]
    assert choosers == []


@pytest.mark.parametrize("module", sorted(p.relative_to(ROOT).as_posix()
                                          for p in (ROOT / "web_admin").glob("*.py")))
def test_the_staff_page_uses_no_hardware_and_no_session_insides(module):
    names = imports(ROOT / module)
    assert not touches(names, ("pygame", "gpiozero", "serial", "hardware", "firmware_bridge",
                               "tablegame.store", "tablegame.desktop.names"))
