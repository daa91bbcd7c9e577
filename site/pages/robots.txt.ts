/** /robots.txt: public pages open to search engines; account, API and administration areas closed. */
import type { APIRoute } from 'astro'
import { getEnv } from '#modules/platform'

const closed = [
  '/admin',
  '/api/',
  '/cms/',
  '/dev/',
  '/profilo',
  '/v2/',
  '/centroassistenza/',
  '/gestione-abbonamento',
  '/stampa/',
  '/accedi',
  '/reimposta-password',
]

export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${getEnv().publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
