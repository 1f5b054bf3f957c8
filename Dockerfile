# syntax=docker/dockerfile:1
# Kingdom of Code: production image (see README, "Deployment"). Two stages: the build stage has the
# compilers and dev dependencies; the runtime stage has only what serving needs, plus the JDK,
# bubblewrap and Python for the local code runner, and runs as an unprivileged user.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
# Native modules (argon2) build from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY content/package.json content/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# No browser download for the e2e workspace: the image never runs Playwright.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20.19-bookworm-slim AS runtime
# The local runner: a JDK (javac for Java 7/8/17), bubblewrap for the sandbox, Python for trials,
# Debian's junit5 for the unit-tested Java trials, and Chromium's headless shell
# (/usr/bin/chromium-headless-shell) that re-checks HTML and CSS trials before a pass is recorded
# (decision 0031).
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jdk-headless junit5 bubblewrap python3 chromium-headless-shell ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages/shared ./packages/shared
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/apps/server/package.json ./apps/server/
COPY --from=build --chown=node:node /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=node:node /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build --chown=node:node /app/apps/server/fonts ./apps/server/fonts
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
# Listen on every interface inside the container (the server's own default is loopback only);
# the proxy in front is what the world reaches.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    KOC_SKIP_BUILD=1
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): requests and running jobs finish, then it exits.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
