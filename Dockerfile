# Production image of the portal: one Node process serving the site, the API and the admin.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install
COPY . .
RUN node scripts/build.ts --force

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4321 HOST=0.0.0.0 DATA_DIR=/var/lib/bancadati
COPY --from=build /app /app
RUN npm prune --omit=dev && mkdir -p /var/lib/bancadati
EXPOSE 4321
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:4321/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The Node options of `npm start` (package.json): the young generation capped at 2 × 16 MB.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "scripts/start.ts"]
