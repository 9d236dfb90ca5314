#!/bin/sh
# The container's entrypoint: checks that the folders the service writes are writable by this user (a volume mounted
# from the host keeps the host's owner), says where the upstream data will come from, then runs the command
# (npm start by default) in its place, so signals reach it.
set -eu

for var in STATE_DIR SNAPSHOTS_DIR UPSTREAM_DIR SITE_DIR; do
  eval "dir=\${$var:-}"
  [ -n "$dir" ] || continue
  mkdir -p "$dir" 2>/dev/null || true
  if [ ! -d "$dir" ] || [ ! -w "$dir" ]; then
    echo "Cannot start: $var=$dir is not a folder user $(id -un) (uid $(id -u)) can write; give the volume to that user: chown -R $(id -u):$(id -g) on the host's folder" >&2
    exit 1
  fi
done

if [ -n "${UPSTREAM_DIR:-}" ] && [ -z "$(ls -A "$UPSTREAM_DIR" 2>/dev/null)" ]; then
  echo "UPSTREAM_DIR=$UPSTREAM_DIR is empty: npm start fetches every source first (network needed), or mount a copy there"
fi

exec "$@"
