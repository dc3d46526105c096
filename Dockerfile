# One image for both processes; the compose file picks the command (api or worker).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# npm 11 honours package.json's allowScripts (the image ships npm 10, which would run every install script).
RUN npm install -g npm@11 && npm ci --omit=dev && npm cache clean --force
COPY api ./api
COPY activities ./activities
COPY core ./core
COPY db ./db
COPY decision ./decision
COPY worker ./worker
COPY workflows ./workflows
COPY scripts/admin.ts scripts/migrate.ts ./scripts/
COPY tsconfig.json ./
# The audit-export file store (DATA_DIR/exports); compose mounts a volume shared by the API and the worker here.
RUN mkdir -p /app/.data/exports && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/server.ts"]
