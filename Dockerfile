# One image for both processes; the compose file picks the command (API or worker). Three stages: the build (all
# dependencies, tsc, the workflow bundle), the production dependencies alone, and the runtime, which gets only the
# built output and those dependencies: no TypeScript compiler, no tsx, no embedded Postgres binaries.
# test/unit/docker-image.test.ts rebuilds exactly what the runtime stage copies and starts the API and the worker from it.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# npm 11 honours package.json's allowScripts (older npm would run every install script).
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
# One COPY per product folder of project-layout.json (test/unit/project-layout.test.ts checks the list).
COPY api ./api
COPY activities ./activities
COPY core ./core
COPY db ./db
COPY decision ./decision
COPY integrations ./integrations
COPY notifications ./notifications
COPY orchestration ./orchestration
COPY rules ./rules
COPY worker ./worker
COPY workflows ./workflows
# The browser code of the console's model editor, bundled by npm run build into dist/console-app/build.
COPY console-app ./console-app
COPY scripts/build.ts scripts/build-console-app.ts scripts/admin.ts scripts/migrate.ts ./scripts/
RUN npm run build

FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
ENV WORKFLOW_BUNDLE_PATH=/app/dist/workflow-bundle.js
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The audit-export file store (DATA_DIR/exports); compose mounts a volume shared by the API and the worker here.
RUN mkdir -p /app/.data/exports && chown -R node:node /app/.data
USER node
EXPOSE 3000
# Also: node dist/worker/main.js (worker), node dist/scripts/migrate.js, node dist/scripts/admin.js …
CMD ["node", "dist/api/server.js"]
