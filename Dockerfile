# docketbot: one process serving Slack requests, docket pushes and /healthz.
# Build: docker build -t docketbot .
# Run:   docker run --init -p 3000:3000 -v docketbot-data:/data --env-file docketbot.env docketbot
#        (--init gives Node a PID 1 that forwards signals and reaps children)
FROM node:24-bookworm-slim

WORKDIR /app

# Our code never branches on NODE_ENV (DEVELOPERS.md); npm and Express read it (Express's
# final handler then keeps stack traces out of error responses).
ENV NODE_ENV=production

# Dependencies first, so the layer is reused until package files change.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# Node 24 runs the TypeScript sources directly (type stripping): no build step.
# Files stay root-owned: the app cannot rewrite itself; only /data is writable.
COPY src ./src

RUN mkdir -p /data && chown node:node /data
ENV DATABASE_URL=sqlite:/data/docketbot.db \
    PORT=3000
VOLUME /data

USER node
EXPOSE 3000

# No curl in slim images; Node's fetch does the probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# A 16 MB young generation instead of V8's default 64 MB under load: about 65 MB less RSS after a
# push flood at no cost in throughput (npm run bench, memory; README, Performance).
CMD ["node", "--max-semi-space-size=8", "src/main.ts"]
