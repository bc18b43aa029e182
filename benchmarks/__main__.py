"""``./dev bench``: every benchmark of the project, printed as figures; ``./dev bench
bench_latency bench_display`` runs those alone (a benchmark's own settings, such as the camera's
CAMERA_* variables, are in its module's docstring).

Speed is measured here, never asserted by a timer in a test."""
import importlib
import os
import platform
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

MODULES = ["bench_latency", "bench_physics", "bench_display", "bench_link",
           "bench_schocken", "bench_neunfeld", "bench_carrom", "bench_carrom_rules",
           "bench_plausibility", "bench_web", "bench_carrom_table", "bench_startup",
           "bench_history", "bench_imports", "bench_camera"]


def there_are() -> tuple[list[str], list[str]]:
    """The benchmarks there are (MODULES' order, then any other bench_*.py), and the
    names MODULES lists whose file is missing."""
    files = {path.stem for path in Path(__file__).parent.glob("bench_*.py")}
    return ([name for name in MODULES if name in files] + sorted(files - set(MODULES)),
            [name for name in MODULES if name not in files])


def main(names: list[str]) -> int:
    known, missing = there_are()
    if names[:1] in (["-h"], ["--help"]):
        print(__doc__.strip() + "\n\nbenchmarks: " + ", ".join(known))
        return 0
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"no benchmark {', '.join(map(repr, unknown))}; there are: {', '.join(known)}",
              file=sys.stderr)
        return 2
    if missing and not names:   # listed, but its file is gone: said, not skipped silently
        print(f"no file for benchmark {', '.join(map(repr, missing))} (benchmarks/NAME.py); "
              f"running the others: {', '.join(known)}", file=sys.stderr)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.processor())
    print(f"machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}")
    for name in names or known:
        module = importlib.import_module(f"benchmarks.{name}")
        print(f"\n== {name}")
        for line in module.run():
            print(line)
    return 1 if missing and not names else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
