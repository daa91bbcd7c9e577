/** /sitemap.xml: the public pages, with the CMS pages' last change. */
import type { APIRoute } from 'astro'
import { getEnv } from '#modules/platform'
import { legalSlugs, productSlugs, publicPageDates } from '#modules/site-content'

const staticPaths = ['/', '/prodotti', '/acquista', '/registrati', '/richiedi-enterprise']

export const GET: APIRoute = async () => {
  const base = getEnv().publicUrl
  const dates = await publicPageDates()
  const paths = [
    ...staticPaths,
    ...productSlugs.map((slug) => `/prodotti/${slug}`),
    ...legalSlugs.map((slug) => `/${slug}`),
  ]
  const entries = paths.map((path) => {
    const lastmod = dates.get(path)
    return `  <url><loc>${base}${path === '/' ? '/' : path}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`
  })
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
