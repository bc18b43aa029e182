#!/usr/bin/env bash
# The Pi as it ships, without a Pi: builds a Debian Bookworm arm64 root (what Raspberry Pi
# OS is built on) with debootstrap and qemu-user-static, runs install.sh in it as an SD-card
# image builder does (in a chroot, systemd not running), then checks what a table needs:
# the service enabled, the screen's libraries, doctor, check-config, the headless examples,
# the imports, a second install changing nothing. Not part of ./dev test: about 20 minutes
# under qemu. Its last result is in docs/install.md ("Checked on arm64").
#
#   sudo deploy/check-arm64.sh [FOLDER]     FOLDER: the arm64 root (default
#                                           /var/tmp/tablegame-arm64); one already made
#                                           there is used again (no debootstrap)
#
# Needs root, debootstrap, qemu-user-static (and binfmt-support), the Debian mirror and
# PyPI. It prints one line per check and ends with "N passed, M failed".
set -euo pipefail

TARGET="${1:-/var/tmp/tablegame-arm64}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECKOUT=/home/pi/tablegame          # where the admin's checkout is on a Pi
PASSED=0
FAILED=0

say() { printf '%s\n' "$*"; }
fail() { printf 'check-arm64.sh: %s\n' "$*" >&2; exit 1; }
check() {  # check WHAT COMMAND...: one line, OK or BAD, with what the command said last
    local what="$1" out
    shift
    if out="$("$@" 2>&1)"; then
        PASSED=$((PASSED + 1)); say "OK   $what"
    else
        FAILED=$((FAILED + 1)); say "BAD  $what"; printf '%s\n' "$out" | tail -15 | sed 's/^/     /'
    fi
}
inside() { chroot "$TARGET" "$@"; }
as_service() { inside runuser -u tablegame -- "$@"; }   # sudo does not work under qemu-user

[ "$(id -u)" = 0 ] || fail "run it as root (sudo deploy/check-arm64.sh)"
command -v debootstrap >/dev/null || fail "no debootstrap: apt-get install debootstrap"
[ -x /usr/bin/qemu-aarch64-static ] || fail "no qemu-aarch64-static: apt-get install qemu-user-static binfmt-support"
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 \
    || fail "arm64 programs cannot run here (binfmt_misc has no qemu-aarch64)"

started=$(date +%s)
if [ ! -x "$TARGET/usr/bin/python3" ]; then
    say "making    a Bookworm arm64 root in $TARGET (debootstrap, about 5 minutes)"
    # what Raspberry Pi OS Lite has that matters here: systemd, udev, sudo, python3
    debootstrap --arch=arm64 --variant=minbase \
        --include=ca-certificates,python3,python3-venv,systemd,udev,sudo \
        bookworm "$TARGET" "$MIRROR" >"$TARGET.debootstrap.log" 2>&1 \
        || fail "debootstrap failed: $TARGET.debootstrap.log"
fi
cp /etc/resolv.conf "$TARGET/etc/resolv.conf"
# the building machine's own certificate authorities (a proxy that inspects TLS): trusted in the
# root too, or apt and pip there cannot reach the mirror and PyPI (pip takes PIP_CERT from here)
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$TARGET/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$TARGET/usr/local/share/ca-certificates/"
    chroot "$TARGET" update-ca-certificates >/dev/null 2>&1 || true
fi
mounted=()
for spec in proc:proc sysfs:sys; do
    mountpoint -q "$TARGET/${spec#*:}" || { mount -t "${spec%%:*}" "${spec%%:*}" "$TARGET/${spec#*:}"; mounted+=("$TARGET/${spec#*:}"); }
done
mountpoint -q "$TARGET/dev" || { mount --bind /dev "$TARGET/dev"; mounted+=("$TARGET/dev"); }
# pseudo-terminals (the simulated board of the headless runs is on one)
mountpoint -q "$TARGET/dev/pts" || { mount --bind /dev/pts "$TARGET/dev/pts"; mounted+=("$TARGET/dev/pts"); }
cleanup() { local i; for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" || true; done; }
trap cleanup EXIT

# the admin's checkout in a home folder of mode 0700, as on a Pi
inside id pi >/dev/null 2>&1 || inside useradd --create-home pi
chmod 0700 "$TARGET/home/pi"
rm -rf "$TARGET$CHECKOUT"
mkdir -p "$TARGET$CHECKOUT"
(cd "$SOURCE" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) \
    | tar -xf - -C "$TARGET$CHECKOUT"
inside chown -R pi: "$CHECKOUT"

say "install   deploy/install.sh in the chroot, as an image builder runs it (pip under qemu: 10-15 minutes)"
if inside bash -c "cd $CHECKOUT && deploy/install.sh" >"$TARGET.install.log" 2>&1; then
    PASSED=$((PASSED + 1)); say "OK   install.sh exits 0 in a chroot without systemd ($TARGET.install.log)"
else
    FAILED=$((FAILED + 1)); say "BAD  install.sh failed in the chroot:"; tail -15 "$TARGET.install.log" | sed 's/^/     /'
fi
TG=/opt/tablegame/venv/bin/tablegame
PY=/opt/tablegame/venv/bin/python
check "the service is enabled (starts at boot)" inside systemctl is-enabled tablegame.service
check "the screen's KMS/DRM libraries are installed" inside dpkg-query -W libdrm2 libgbm1 libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri
check "the udev rule names the board and keeps ModemManager off it" \
    grep -q 'SYMLINK+="tablegame-board".*ID_MM_DEVICE_IGNORE}="1"' "$TARGET/etc/udev/rules.d/99-tablegame.rules"
check "check-config accepts the installed configuration" as_service $TG check-config /etc/tablegame/config.toml
# doctor as the docs say: the service user, from the admin's checkout (which it cannot read);
# no screen, pins or board in a chroot: the screen on SDL's dummy driver, the pins through
# lgpio, which must fail on the missing /dev/gpiochip* and not on its pipe in the folder
check "doctor runs as the service user from a checkout it cannot read, and names what is missing" \
    inside bash -c "cd $CHECKOUT && runuser -u tablegame -- env SDL_VIDEODRIVER=dummy GPIOZERO_PIN_FACTORY=lgpio \
        $TG doctor --config /etc/tablegame/config.toml 2>&1 | tee /dev/stderr | grep -q 'ok   screen: dummy driver' \
        && ! runuser -u tablegame -- env SDL_VIDEODRIVER=dummy GPIOZERO_PIN_FACTORY=lgpio \
        $TG doctor --config /etc/tablegame/config.toml 2>&1 | grep -qi 'lgd-nfy\|Traceback'"
for example in "$SOURCE"/examples/headless/*.json; do
    name="examples/headless/$(basename "$example")"
    check "headless: $name" inside bash -c "cd /tmp && $TG simulate --headless $CHECKOUT/$name >/dev/null"
done
check "the imports (pygame-ce, pymunk, OpenCV, numpy, lgpio, gpiozero, paho, the program's packages)" \
    inside "$PY" -c "import pygame, pymunk, cv2, numpy, lgpio, gpiozero, paho.mqtt.client, serial, flask, waitress
import tablegame, table_app, firmware_bridge, camera_board, camera_sim, hardware, web_admin, mqtt_publisher, venue"
say "cobs      $(inside "$PY" -c "import cobs.cobs as c; print('its C extension' if c._using_extension else 'its pure-Python fallback (no aarch64 wheel, no compiler)')" 2>&1)"
check "a second install.sh changes nothing" \
    inside bash -c "cd $CHECKOUT && out=\$(deploy/install.sh) && printf '%s\n' \"\$out\" && ! grep -q '^written\|^installed\|^owned' <<<\"\$out\""
say "took      $(( ($(date +%s) - started) / 60 )) minutes; $(inside python3 --version), $(uname -m) host, arm64 root in $TARGET"
say "$PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
