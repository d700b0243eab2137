# The marketplace as one image: `docker build -t market .`, then run it with the production
# environment of README.md ("Running it at scale"); compose.yaml runs two of them behind HAProxy.
# Nothing is compiled at install: every native package ships its binaries (better-sqlite3 13, sharp).

# --- build: every dependency, then contracts, server and the web app (client and server render) ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/api-client/package.json packages/api-client/
COPY packages/fake-stripe/package.json packages/fake-stripe/
COPY packages/sample-archives/package.json packages/sample-archives/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# npm install, not npm ci: see .ci/run (npm 11 records only one platform's optional binaries).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime dependencies only: the four workspaces the server runs, without dev tools ---
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/sample-archives/package.json packages/sample-archives/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
RUN npm install --omit=dev --no-audit --no-fund \
      -w @market/contracts -w @market/sample-archives -w @market/server -w @market/web

# --- the image: built output and runtime dependencies, run as the unprivileged `node` user ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-deps --chown=root:root /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/sample-archives packages/sample-archives
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# Only the data folder is writable by the app (files and the SQLite database when no DATABASE_URL).
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
# 3000: the public port, behind the balancer; 9100: METRICS_PORT when set, for the scraper only.
EXPOSE 3000 9100
# SIGTERM drains (SHUTDOWN_DRAIN_SECONDS) before exiting: give `docker stop -t` more than that.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/index.js"]
