# Sluice server image: a multi-stage build that packs the four packages (as `npm pack` ships them),
# installs the tarballs into a clean /app, and runs as a non-root user with the data in a volume.
#   docker build -t sluice .
#   docker run -p 4000:4000 -v sluice-data:/data sluice
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --ignore-scripts \
 && npx turbo run build --output-logs=errors-only \
 && mkdir /packs \
 && npm pack --pack-destination /packs \
      --workspace=@sluice/pipeline-core --workspace=@sluice/storage \
      --workspace=@sluice/query --workspace=@sluice/server

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /packs /packs
RUN echo '{"name":"sluice-image","private":true}' > package.json \
 && npm install --omit=dev --no-audit --no-fund /packs/*.tgz \
 && rm -rf /packs /root/.npm \
 && groupadd --system sluice && useradd --system --gid sluice --home-dir /data sluice \
 && mkdir -p /data && chown sluice:sluice /data
USER sluice
VOLUME /data
EXPOSE 4000
# Inside a container the server listens on every interface; put a user provider in front
# (--user-provider or SLUICE config) before exposing it beyond your machine.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4000/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/app/node_modules/.bin/sluice"]
CMD ["standalone", "start", "--http-addr", "0.0.0.0:4000", "--data-home", "/data"]
