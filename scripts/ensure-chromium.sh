#!/usr/bin/env bash
# Makes sure the system Chromium the browser tests drive exists (Playwright is given its path;
# nothing is downloaded by the test tools), with a font for Chinese, Japanese and Korean text
# and one for colour emoji: without the first the playground's Chinese example renders as
# empty boxes in the screenshots and the e2e test that checks it fails; without the second the
# emoji in tool descriptions do. Installs the Debian packages when they are missing and we are
# root (CI runs as root); otherwise says what to do (and fails only for Chromium itself).
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
cjk_package="fonts-noto-cjk"
emoji_package="fonts-noto-color-emoji"

can_install() {
  [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1
}

# Whether fontconfig lists a font matching the pattern (e.g. ":lang=zh").
has_font() {
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list "$1" family 2>/dev/null | head -n 1)" ]
}

# ensure_font PACKAGE PATTERN WHAT: installs PACKAGE when no font matches PATTERN.
ensure_font() {
  local package="$1" pattern="$2" what="$3"
  if has_font "$pattern"; then
    return 0
  fi
  if can_install; then
    echo "ensure-chromium: no font covers $what; installing the Debian '$package' package"
    export DEBIAN_FRONTEND=noninteractive
    # The package lists may be stale or absent (a fresh container): update once and retry.
    apt-get install -y "$package" || { apt-get update && apt-get install -y "$package"; }
    if has_font "$pattern"; then
      echo "ensure-chromium: installed $package"
      return 0
    fi
    echo "ensure-chromium: apt-get finished but fontconfig still lists no font for $what." >&2
    return 0
  fi
  cat >&2 <<MESSAGE
ensure-chromium: warning: no font covers $what, so the playground renders it as boxes. Install one:
    sudo apt-get install -y $package
MESSAGE
}

ensure_fonts() {
  ensure_font "$cjk_package" ":lang=zh" "Chinese"
  # A colour font with U+1F600 (the grinning face): DejaVu Sans has a black-and-white one.
  ensure_font "$emoji_package" ":charset=1f600:color=True" "emoji"
}

if [ -x "$chromium" ]; then
  echo "ensure-chromium: using $chromium"
  ensure_fonts
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi

if can_install; then
  echo "ensure-chromium: $chromium is missing; installing the Debian 'chromium' package (takes a few minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
  if [ -x "$chromium" ]; then
    echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"
    ensure_fonts
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but $chromium is still missing." >&2
  exit 1
fi

cat >&2 <<MESSAGE
ensure-chromium: no Chromium at $chromium, and this script can only install it as root with apt-get.
Either install it yourself:
    sudo apt-get update && sudo apt-get install -y chromium $cjk_package $emoji_package
or point the browser tests at an existing Chromium/Chrome binary:
    CHROMIUM_PATH=/path/to/chromium npm test
MESSAGE
exit 1
