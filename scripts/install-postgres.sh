#!/usr/bin/env bash
# Installs PostgreSQL 15, pgvector and PgBouncer from Debian's packages, for CI and for a
# developer who wants the server-backed tests (run as root; does nothing already done).
#
# Debian 12 has no pgvector binary package, but Debian 13's source package (pgvector 0.8.0)
# builds against postgresql-server-dev-15. It is fetched with a one-off apt source list kept
# in a temporary directory, so the machine's own apt sources are never changed.
set -euo pipefail

PG_MAJOR=15
PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
export DEBIAN_FRONTEND=noninteractive

need=()
[ -x "$PG_CONFIG" ] || need+=(postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR)
[ -d /usr/include/postgresql/$PG_MAJOR/server ] || need+=(postgresql-server-dev-$PG_MAJOR)
command -v pgbouncer >/dev/null 2>&1 || need+=(pgbouncer)
if [ ${#need[@]} -gt 0 ]; then
  echo "--- apt-get install ${need[*]}"
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
# The Debian packages start a cluster of their own on 5432; the tests start theirs.
if command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster $PG_MAJOR main stop >/dev/null 2>&1 || true
fi
service pgbouncer stop >/dev/null 2>&1 || true

if [ -f "/usr/share/postgresql/$PG_MAJOR/extension/vector.control" ]; then
  echo "--- pgvector already installed"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
mkdir -p "$work/sources" "$work/lists/partial"
# The machine's own Debian mirror (first stanza), as a source entry for the next release.
awk 'BEGIN { RS = ""; ORS = "\n\n" } NR == 1' /etc/apt/sources.list.d/debian.sources \
  | sed -e 's/^Types:.*/Types: deb-src/' -e 's/^Suites:.*/Suites: trixie/' >"$work/sources/trixie-src.sources"
apt_src=(-o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$work/sources" -o Dir::State::Lists="$work/lists")
echo "--- fetching Debian's pgvector source package"
apt-get "${apt_src[@]}" update -qq
(cd "$work" && apt-get "${apt_src[@]}" source --download-only pgvector >/dev/null)
tar -xzf "$work"/pgvector_*.orig.tar.gz -C "$work"
src=$(find "$work" -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)
echo "--- building $(basename "$src") against PostgreSQL $PG_MAJOR"
make -s -C "$src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
make -s -C "$src" PG_CONFIG="$PG_CONFIG" install >/dev/null
echo "--- pgvector installed"
