"""``./dev bench``: every benchmark of the project, printed as figures.

Speed is measured here, never asserted by a timer in a test."""
import importlib
import os
import platform
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

MODULES = ["bench_latency", "bench_physics", "bench_display", "bench_link",
           "bench_schocken", "bench_neunfeld", "bench_carrom", "bench_carrom_rules",
           "bench_plausibility", "bench_web", "bench_carrom_table", "bench_startup",
           "bench_history", "bench_imports"]


def main(names: list[str]) -> int:
    unknown = [name for name in names if name not in MODULES]
    if unknown:
        print(f"no benchmark {', '.join(map(repr, unknown))}; there are: {', '.join(MODULES)}",
              file=sys.stderr)
        return 2
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.processor())
    print(f"machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}")
    for name in names or MODULES:
        try:
            module = importlib.import_module(f"benchmarks.{name}")
        except ModuleNotFoundError:
            continue
        print(f"\n== {name}")
        for line in module.run():
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
