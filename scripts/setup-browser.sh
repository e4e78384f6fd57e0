#!/usr/bin/env bash
# Installs the headless browser the tests use to check that the communication-matrix page renders:
# Debian 12's `chromium` package. Idempotent: does nothing when `chromium` is already installed.
# Called by scripts/test.sh and scripts/run-main-job.sh; the integration tests that need it say so
# and fail with this script's name when the browser is missing.
set -euo pipefail

say() { printf 'setup-browser: %s\n' "$*"; }
die() { printf 'setup-browser: ERROR: %s\n' "$*" >&2; exit 1; }

if command -v chromium >/dev/null 2>&1; then
  say "chromium present: $(command -v chromium)"
  exit 0
fi

command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install Chromium (Debian package 'chromium') by other means, then run again"
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@";
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@";
  else die "need root to run '$*' (run this script as root, or install the Debian package chromium by hand)"; fi
}
say "installing chromium"
as_root apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null 2>&1 || die "chromium still missing after installing the Debian package"
say "chromium installed: $(command -v chromium)"
