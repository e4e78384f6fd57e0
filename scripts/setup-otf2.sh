#!/usr/bin/env bash
# Installs OTF2 from Debian 12: the C library that `qmpi4j export --format otf2` writes through
# (libopen-trace-format2-10), and OTF2's own readers that the tests read the exports with
# (otf2-tools: otf2-print; python3-otf2: the Python bindings, for /usr/bin/python3).
# Idempotent: installs only the packages that are missing. Called by scripts/test.sh.
set -euo pipefail

say() { printf 'setup-otf2: %s\n' "$*"; }
die() { printf 'setup-otf2: ERROR: %s\n' "$*" >&2; exit 1; }

packages=(libopen-trace-format2-10 otf2-tools python3-otf2)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  say "OTF2 present: $(command -v otf2-print), $(dpkg-query -W -f='${Version}' libopen-trace-format2-10)"
  exit 0
fi

command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install OTF2 3.0 (library, otf2-print, Python bindings) by other means, then run again"
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@";
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@";
  else die "need root to run '$*' (run this script as root, or install the Debian packages ${missing[*]} by hand)"; fi
}
say "installing ${missing[*]}"
as_root apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
command -v otf2-print >/dev/null 2>&1 || die "otf2-print still missing after installing otf2-tools"
/usr/bin/python3 -c 'import otf2' 2>/dev/null || die "Python's otf2 module still missing after installing python3-otf2"
say "OTF2 installed: $(command -v otf2-print), $(dpkg-query -W -f='${Version}' libopen-trace-format2-10)"
