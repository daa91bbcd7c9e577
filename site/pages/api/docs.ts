import { getHtmlDocument } from '@scalar/core/libs/html-rendering'
import type { APIRoute } from 'astro'

/** The API reference page, with its script served by the portal itself. */
export const GET: APIRoute = () =>
  new Response(
    getHtmlDocument({
      url: '/api/v1/openapi.json',
      cdn: '/vendor/scalar-api-reference.js',
      pageTitle: 'API Banca Dati CCNL',
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
      // The in-page assistant talks to an outside service: the reference stays self-contained.
      agent: { disabled: true },
      showDeveloperTools: 'never',
    } as Parameters<typeof getHtmlDocument>[0]),
    { headers: { 'content-type': 'text/html; charset=utf-8' } },
  )
