#!/usr/bin/env bash
# Makes sure the system Chromium the browser tests drive exists (Playwright is given its path;
# nothing is downloaded by the test tools). Installs the Debian package when it is missing and
# we are root (CI runs as root); otherwise says what to do and fails.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$chromium" ]; then
  echo "ensure-chromium: using $chromium"
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $chromium is missing; installing the Debian 'chromium' package (takes a few minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
  if [ -x "$chromium" ]; then
    echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but $chromium is still missing." >&2
  exit 1
fi

cat >&2 <<MESSAGE
ensure-chromium: no Chromium at $chromium, and this script can only install it as root with apt-get.
Either install it yourself:
    sudo apt-get update && sudo apt-get install -y chromium
or point the browser tests at an existing Chromium/Chrome binary:
    CHROMIUM_PATH=/path/to/chromium npm test
MESSAGE
exit 1
