# syntax=docker/dockerfile:1
#
# One image for all seven apps (gateway, auth, catalogue, community, chat,
# rewards, moderation). The default command runs the gateway; every other app
# overrides it with `node dist/apps/<app>/src/main.js` (see docker-compose.yml
# and k8s/*.yaml).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
# base: the Node runtime plus the manifests npm needs to resolve the workspace
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
# Only the manifests first, so the dependency layers stay cached while source changes.
COPY package.json package-lock.json ./
COPY web/package.json web/package.json

# ---------------------------------------------------------------------------
# build: full install (dev deps included), compile the API and the SPA
# ---------------------------------------------------------------------------
FROM base AS build
# Toolchain for native modules (argon2, msgpackr-extract) in case no prebuilt
# binary matches the platform; it never reaches the runtime image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
# build = build:api (tsc -> dist/apps/<app>/src/main.js) + build:web (vite -> web/dist)
RUN npm run build

# ---------------------------------------------------------------------------
# prod-deps: production dependencies only. The web workspace is still part of
# the root lockfile, so it has to be present for `npm ci`; its packages are only
# needed to build the SPA, which is already compiled into web/dist.
# ---------------------------------------------------------------------------
FROM base AS prod-deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---------------------------------------------------------------------------
# runtime: node + production node_modules + compiled output, as a non-root user
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000
# package.json is kept: Node reads its "type" field to decide how dist/ is loaded.
COPY --chown=root:root package.json ./
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/web/dist ./web/dist
# The anime dataset the catalogue imports at its first boot (see data/README.md for licenses).
COPY --from=build --chown=root:root /app/data ./data
# Files stay owned by root and read-only for the app user; the process needs no
# writable path inside /app (Kubernetes runs it with a read-only root filesystem
# and an emptyDir at /tmp; the gateway writes uploads to a volume at UPLOADS_DIR).
# The uploads folder exists and belongs to the app user, so a named volume mounted
# there (docker-compose) starts writable; Kubernetes sets ownership with fsGroup.
# The same for the reward cards' folder (the rewards service and the gateway write it).
RUN mkdir -p /var/lib/portal/uploads /var/lib/portal/media/cards && chown 1000:1000 /var/lib/portal/uploads /var/lib/portal/media/cards
# Numeric UID:GID (the `node` user of the base image) so Kubernetes'
# runAsNonRoot can verify the user without resolving a name.
USER 1000:1000
EXPOSE 3000
# The apps handle SIGTERM themselves (graceful shutdown); node runs as PID 1
# directly (exec form), so the signal reaches it.
CMD ["node", "dist/apps/gateway/src/main.js"]
