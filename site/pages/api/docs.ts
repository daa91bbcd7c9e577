import { createHash } from 'node:crypto'
import { getHtmlDocument } from '@scalar/core/libs/html-rendering'
import type { APIRoute } from 'astro'

/** The API reference page, with its script served by the portal itself. */
const page = getHtmlDocument({
  url: '/api/v1/openapi.json',
  cdn: '/vendor/scalar-api-reference.js',
  pageTitle: 'API Banca Dati CCNL',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  // The in-page assistant talks to an outside service: the reference stays self-contained.
  agent: { disabled: true },
  showDeveloperTools: 'never',
} as Parameters<typeof getHtmlDocument>[0])

/**
 * The hashes of the page's inline scripts (the one that starts the reference), for the
 * Content-Security-Policy; the page is built from constants above, never from request data.
 */
const inlineScriptHashes = [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (match) =>
    `'sha256-${createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64')}'`,
)

export const GET: APIRoute = () =>
  new Response(page, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The middleware completes this into the site's policy, keeping these script sources. The reference's
      // bundled validator compiles its checks with `new Function` ('unsafe-eval', this page only: it shows
      // the portal's own OpenAPI document and nothing from a visitor); inline scripts stay hash-only.
      'content-security-policy': `script-src 'self' 'unsafe-eval' ${inlineScriptHashes.join(' ')}`,
    },
  })
