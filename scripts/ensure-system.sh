#!/usr/bin/env bash
# Makes sure what the tests need from the machine is there and answering: Debian's Chromium and
# CJK fonts (end-to-end tests and their screenshots), PostgreSQL and Redis (the store and bus
# contract suites on the scale engines). Installs and starts what is missing when running as
# root; otherwise says what it could not do, and the suites that need it skip locally (CI fails).
set -u

say() { printf '[ensure-system] %s\n' "$*"; }
is_root() { [ "$(id -u)" = 0 ]; }
apt_updated=0
apt_install() {
  if ! is_root; then say "not root: cannot install $* (install it, or the tests that need it skip)"; return 1; fi
  if [ "$apt_updated" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && apt_updated=1; fi
  say "installing $* from Debian's packages"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
has_package() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# Chromium and fonts for the end-to-end tests (CJK text, and colour emoji as phones show them).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
has_package fonts-noto-cjk || missing+=(fonts-noto-cjk)
has_package fonts-noto-color-emoji || missing+=(fonts-noto-color-emoji)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}" || say "end-to-end tests need: ${missing[*]}"

# ffmpeg and ffprobe for the IM files (video info, audio to mp3) and their tests.
command -v ffprobe >/dev/null 2>&1 || apt_install ffmpeg || say "the IM media tests need: ffmpeg"

# LibreOffice (headless, no GUI) and poppler's pdftoppm for IM documents: ppt and pptx to pdf,
# pdf pages to pictures (apps/server/src/im/files/documents).
missing=()
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-impress-nogui)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] || apt_install --no-install-recommends "${missing[@]}" || say "the IM document tests need: ${missing[*]}"

# PostgreSQL, at 127.0.0.1:5432 with trust auth for local test databases.
pg_up() { command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; }
if ! pg_up; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    apt_install postgresql && fresh_pg=1
  fi
  if ls /etc/postgresql/*/main >/dev/null 2>&1 && is_root; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    if [ "${fresh_pg:-0}" = 1 ]; then
      # A cluster we just created: let local test connections in without a password.
      hba=/etc/postgresql/$version/main/pg_hba.conf
      sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    fi
    say "starting PostgreSQL $version"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do pg_up && break; sleep 0.5; done
  fi
  pg_up || say "PostgreSQL is not answering at 127.0.0.1:5432: its suites skip (CI fails)"
fi

# Redis, at 127.0.0.1:6379, keeping nothing on disk.
redis_up() { command -v redis-cli >/dev/null 2>&1 && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }
if ! redis_up; then
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  if command -v redis-server >/dev/null 2>&1; then
    say "starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do redis_up && break; sleep 0.2; done
  fi
  redis_up || say "Redis is not answering at 127.0.0.1:6379: its suites skip (CI fails)"
fi
exit 0
