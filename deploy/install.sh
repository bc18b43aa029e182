#!/usr/bin/env bash
# Installs the pub game table on Raspberry Pi OS (Bookworm, 64-bit, no desktop) in one
# command, from a checkout of this repository (docs/install.md):
#
#   sudo deploy/install.sh                       install, or update after a git pull
#   sudo deploy/install.sh --uninstall           remove it all but the data and the config
#   sudo deploy/install.sh --uninstall --purge   remove those too (and the service user)
#
# Running it again changes nothing that is already right: each file is written only when
# its content differs, and the configuration file, once there, is never overwritten.
#
# Options:
#   --root DIR          install into DIR as if it were / (tests): no packages from apt,
#                       nothing started; the service is enabled in DIR (a venv built there
#                       names DIR in its scripts: for an image, run this inside its chroot)
#   --program PATH      use this tablegame program instead of building /opt/tablegame/venv
#   --board-usb VID:PID the board's USB vendor and product id for the udev rule
#                       (default: any USB serial device of the CDC-ACM kind, /dev/ttyACM*)
#   --mqtt HOST:PORT    a local Mosquitto on the Pi (Debian's package), bridged to the
#                       venue's broker at HOST:PORT (QoS 1, persistent): a table that loses
#                       the venue's network keeps its messages in it as well as in its log;
#                       a new configuration publishes to it (docs/mqtt.md)
set -euo pipefail

ROOT=/
PROGRAM=
BOARD_USB=
MQTT_UPSTREAM=
UNINSTALL=no
PURGE=no
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

VENV=/opt/tablegame/venv
CONFIG=/etc/tablegame/config.toml
DATA=/var/lib/tablegame
UNIT=/etc/systemd/system/tablegame.service
RULE=/etc/udev/rules.d/99-tablegame.rules
SYSUSERS=/etc/sysusers.d/tablegame.conf
MOSQUITTO_CONF=/etc/mosquitto/conf.d/pubtable.conf
BOARD_NAME=tablegame-board   # the rule's stable name: /dev/tablegame-board
CHANGED=no

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --root) [ $# -ge 2 ] || fail "--root needs a folder"; ROOT="$2"; shift 2 ;;
        --program) [ $# -ge 2 ] || fail "--program needs a path"; PROGRAM="$2"; shift 2 ;;
        --board-usb) [ $# -ge 2 ] || fail "--board-usb needs VID:PID"; BOARD_USB="$2"; shift 2 ;;
        --mqtt) [ $# -ge 2 ] || fail "--mqtt needs the venue broker's HOST:PORT"; MQTT_UPSTREAM="$2"; shift 2 ;;
        --uninstall) UNINSTALL=yes; shift ;;
        --purge) PURGE=yes; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown option $1" ;;
    esac
done
ROOT="$(cd "$ROOT" 2>/dev/null && pwd)" || fail "--root: no such folder"
[ "$(id -u)" = 0 ] || fail "run it as root (sudo deploy/install.sh)"
if [ -n "$BOARD_USB" ] && ! [[ "$BOARD_USB" =~ ^[0-9a-fA-F]{4}:[0-9a-fA-F]{4}$ ]]; then
    fail "--board-usb: expected four hex digits, a colon and four more (e.g. 2e8a:000a), got $BOARD_USB"
fi
[ "$PURGE" = no ] || [ "$UNINSTALL" = yes ] || fail "--purge goes with --uninstall"
if [ -n "$MQTT_UPSTREAM" ] && ! [[ "$MQTT_UPSTREAM" =~ ^[A-Za-z0-9.-]+:[0-9]{1,5}$ ]]; then
    fail "--mqtt: expected the venue broker's HOST:PORT (e.g. venue-broker.local:1883), got $MQTT_UPSTREAM"
fi
# checked before anything is installed: a mistyped path must not leave half an install
[ -z "$PROGRAM" ] || [ -x "$PROGRAM" ] || fail "--program: $PROGRAM is not an executable file"

live() { [ "$ROOT" = / ]; }           # installing on this machine itself, not into a folder
# systemd is the running init (sd_booted): not so in an SD-card image's chroot, where the
# install must work offline (enable by symlinks; no reload, restart or udev trigger, which
# would reach the building machine's devices)
systemd_running() { [ -d /run/systemd/system ]; }
at() { printf '%s%s' "${ROOT%/}" "$1"; }  # a path inside the root

# put FILE MODE: the text on stdin becomes FILE (inside the root) if it differs
put() {
    local target new
    target="$(at "$1")"
    new="$(mktemp)"
    cat >"$new"
    if [ -f "$target" ] && cmp -s "$new" "$target"; then
        rm -f "$new"
        say "unchanged  $1"
        return
    fi
    mkdir -p "$(dirname "$target")"
    chmod "$2" "$new"
    mv "$new" "$target"
    CHANGED=yes
    say "written    $1"
}

# id_of NAME passwd|group: the number of the service user or group inside the root
id_of() {
    awk -F: -v name="$1" '$1 == name { print $3 }' "$(at "/etc/$2")"
}

# own PATH MODE: the service user's (inside the root) with MODE
own() {
    local target uid gid
    target="$(at "$1")"
    uid="$(id_of tablegame passwd)"
    gid="$(id_of tablegame group)"
    if [ "$(stat -c '%u:%g %a' "$target")" != "$uid:$gid $2" ]; then
        chown "$uid:$gid" "$target"
        chmod "$2" "$target"
        say "owned      $1 ($2)"
    fi
}

# python3-venv for the program's venv; the screen's KMS/DRM path: pygame-ce's SDL opens the
# display through libdrm, GBM and EGL/GLES with Mesa's drivers (v3d, vc4), none of which
# Raspberry Pi OS Lite carries
PACKAGES="python3-venv libdrm2 libgbm1 libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri"

system_packages() {
    if ! live; then
        say "skipped    apt packages (--root): $PACKAGES"
        return
    fi
    local missing=() package
    for package in $PACKAGES; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
        CHANGED=yes
        say "installed  ${missing[*]} (apt)"
    fi
}

service_user() {
    # systemd-sysusers: idempotent, and it knows --root. The groups: the board's serial
    # port (dialout), the pins (gpio, /dev/gpiochip*), the screen (video, render).
    put "$SYSUSERS" 0644 <<'EOF'
u tablegame - "Pub game table" /var/lib/tablegame
m tablegame dialout
m tablegame gpio
m tablegame video
m tablegame render
EOF
    systemd-sysusers --root="$ROOT" "$(at "$SYSUSERS")"
}

folders() {
    mkdir -p "$(at "$DATA")" "$(at /etc/tablegame)"
    own "$DATA" 750
    # the staff page saves the settings atomically: a file beside the old one, renamed
    own /etc/tablegame 750
}

source_stamp() {
    # what is installed: a hash of the source files, so an unchanged checkout is not
    # installed again (and a changed one is)
    (cd "$SOURCE" && find pyproject.toml deploy/constraints.txt tablegame table_app firmware_bridge camera_board camera_sim hardware web_admin mqtt_publisher venue \
        -type f ! -path '*__pycache__*' -print0 | sort -z | xargs -0 sha1sum | sha1sum | cut -c1-16)
}

program() {
    if [ -n "$PROGRAM" ]; then
        say "using      $PROGRAM"
        return
    fi
    local venv stamp
    venv="$(at "$VENV")"
    stamp="$venv/.installed-$(source_stamp)"
    if [ -f "$stamp" ]; then
        say "unchanged  $VENV"
    else
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --upgrade pip
        # a regular install (not editable): the program does not depend on this checkout
        # exactly the tested set (deploy/constraints.txt), not whatever the index serves today
        "$venv/bin/python" -m pip install --quiet --upgrade -c "$SOURCE/deploy/constraints.txt" "$SOURCE"
        rm -f "$venv"/.installed-* && touch "$stamp"
        CHANGED=yes
        say "installed  $VENV"
    fi
    PROGRAM="$VENV/bin/tablegame"
}

# runs the installed program (inside the root when there is one)
tablegame() {
    if [ -x "$(at "$PROGRAM")" ] && ! [ -x "$PROGRAM" ]; then "$(at "$PROGRAM")" "$@"; else "$PROGRAM" "$@"; fi
}

config_file() {
    if [ -f "$(at "$CONFIG")" ]; then
        say "kept       $CONFIG (never overwritten; tablegame config-template shows every default)"
        tablegame check-config "$(at "$CONFIG")" || say "WARNING    $CONFIG has bad values: the service will refuse them"
    else
        local extra=()
        [ -z "$MQTT_UPSTREAM" ] || extra=(--set mqtt.enabled=true --set mqtt.host=localhost)
        tablegame config-template --set "serial.port=/dev/$BOARD_NAME" "${extra[@]}" | put "$CONFIG" 0640
    fi
    own "$CONFIG" 640
}

unit() {
    sed "s|@PROGRAM@|$PROGRAM|" "$SOURCE/deploy/tablegame.service" | put "$UNIT" 0644
}

udev_rule() {
    local match='SUBSYSTEM=="tty", KERNEL=="ttyACM[0-9]*", SUBSYSTEMS=="usb"'
    if [ -n "$BOARD_USB" ]; then
        match="$match, ATTRS{idVendor}==\"${BOARD_USB%%:*}\", ATTRS{idProduct}==\"${BOARD_USB##*:}\""
    fi
    put "$RULE" 0644 <<EOF
# The board's microcontroller, whatever ttyACM number it gets: /dev/$BOARD_NAME
# (written by deploy/install.sh; --board-usb VID:PID narrows it to the board's ids).
# ModemManager (on Raspberry Pi OS with network-manager) probes new ttyACM devices with
# AT commands: ID_MM_DEVICE_IGNORE keeps it off the board's line.
$match, SYMLINK+="$BOARD_NAME", GROUP="dialout", MODE="0660", ENV{ID_MM_DEVICE_IGNORE}="1"
EOF
}

# the local broker of --mqtt: Debian's mosquitto (its own config keeps persistence on),
# listening on this Pi only, bridged to the venue's broker
mosquitto_bridge() {
    [ -n "$MQTT_UPSTREAM" ] || return 0
    if live && ! command -v mosquitto >/dev/null; then
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends mosquitto
        CHANGED=yes
    elif ! live; then
        say "skipped    apt packages (--root): mosquitto"
    fi
    put "$MOSQUITTO_CONF" 0644 <<EOF
# The table's local broker (written by deploy/install.sh --mqtt; docs/mqtt.md).
# Only this Pi connects (loopback); everything below pubtable/v1/ goes to the venue's
# broker over a persistent QoS 1 bridge, kept on disk while that broker is away.
listener 1883 127.0.0.1
allow_anonymous true
# every 2 s, not after every change (docs/mqtt.md): a long outage's queue is not written
# out again for each new message
autosave_interval 2
max_queued_messages 100000

connection venue
address $MQTT_UPSTREAM
bridge_protocol_version mqttv311
remote_clientid pubtable-bridge-$(cat "$(at /etc/hostname)" 2>/dev/null || echo pi)
cleansession false
topic pubtable/v1/# out 1
topic pubtable/v1/+/+/cmd/# in 1
EOF
    if live && systemd_running; then
        systemctl enable --quiet mosquitto.service
        systemctl restart mosquitto.service
        say "started    mosquitto.service, bridged to $MQTT_UPSTREAM"
    elif live; then
        systemctl --root=/ enable --quiet mosquitto.service
        say "enabled    mosquitto.service, bridged to $MQTT_UPSTREAM (systemd is not running here: it starts at boot)"
    fi
}

enable() {
    if live && ! systemd_running; then
        systemctl --root=/ enable --quiet tablegame.service
        say "enabled    tablegame.service (systemd is not running here, as in an image's chroot: it starts at boot, the udev rule applies then)"
    elif live; then
        systemctl daemon-reload
        udevadm control --reload-rules && udevadm trigger --subsystem-match=tty
        systemctl enable --quiet tablegame.service
        if [ "$CHANGED" = yes ] || ! systemctl is-active --quiet tablegame.service; then
            systemctl restart tablegame.service
            say "started    tablegame.service (journalctl -u tablegame -f)"
        else
            say "running    tablegame.service"
        fi
    else
        systemctl --root="$ROOT" enable --quiet tablegame.service
        say "enabled    tablegame.service in $ROOT"
    fi
}

gone() {  # gone PATH...: removed, inside the root
    local path
    for path in "$@"; do
        if [ -e "$(at "$path")" ] || [ -L "$(at "$path")" ]; then
            rm -rf "$(at "$path")"
            say "removed    $path"
        fi
    done
}

uninstall() {
    if [ -f "$(at "$UNIT")" ]; then
        if live && systemd_running; then
            systemctl disable --now --quiet tablegame.service || true
        elif live; then
            systemctl --root=/ disable --quiet tablegame.service || true
        else
            systemctl --root="$ROOT" disable --quiet tablegame.service || true
        fi
    fi
    gone "$UNIT" "$RULE" "$MOSQUITTO_CONF" /opt/tablegame
    if live && systemd_running; then
        systemctl daemon-reload
        udevadm control --reload-rules || true
    fi
    if [ "$PURGE" = yes ]; then
        gone /etc/tablegame "$DATA" "$SYSUSERS"
        if [ -n "$(id_of tablegame passwd)" ]; then
            userdel --root "$ROOT" tablegame && say "removed    the user tablegame"
        fi
    else
        say "kept       $CONFIG, $DATA and the user tablegame (--purge removes them)"
    fi
}

if [ "$UNINSTALL" = yes ]; then
    uninstall
    exit 0
fi
system_packages
service_user
folders
program
config_file
unit
udev_rule
mosquitto_bridge
enable
say "done: tablegame doctor checks the site (sudo -u tablegame $PROGRAM doctor)"
