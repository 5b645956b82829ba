# syntax=docker/dockerfile:1
# Lyceum's production image (decision 080): built from the lockfile, run as the unprivileged
# `node` user, holding only the build, the migrations and the production dependencies.
#   docker build -t lyceum .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e AUTH_SECRET=… -e BASE_DOMAIN=… lyceum
# deploy/compose.yaml runs it with PostgreSQL, Redis and MinIO behind Caddy (docs/operations.md).
# tests/deploy/image.test.ts assembles the last stage's files as its COPY lines say and runs its
# ENTRYPOINT against PostgreSQL, Redis and an S3 store behind a TLS proxy.

ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, to build the server and the browser's assets.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

# The dependencies the server runs with, without the development ones.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# jemalloc: the server preloads it where installed (decision 060); tini reaps the cluster's
# workers and passes signals on, so `docker stop` is a clean shutdown; DejaVu and WenQuanYi give
# certificate PDFs their Greek, Cyrillic, Hebrew, Arabic, Chinese, Japanese and Korean letters.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 tini fonts-dejavu-core fonts-wqy-microhei \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /src/build/client ./build/client
COPY --from=build /src/build/server ./build/server
COPY package.json ./package.json
COPY drizzle ./drizzle
# The message catalogues, read from here as a language is first asked for (decision 049).
COPY app/locales ./app/locales
COPY server/main.ts server/heap-flags.ts server/startup-checks.ts ./server/
# The embedded database and local uploads, when DATABASE_URL and S3_ENDPOINT are not set.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--", "node", "server/main.ts"]
