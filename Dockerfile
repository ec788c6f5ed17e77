# The app image used by docker-compose.yml. Migrates and seeds an empty database, then serves.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall applies these to node_modules (patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx remix vite:build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["sh", "-c", "npx tsx db/migrate.ts && npx tsx db/seed/cli.ts --if-empty && exec node build/entry/server.js"]
