/**
 * Reading the CMS pages for the site: product pages with their blocks (files
 * resolved to public URLs) and legal pages with their published HTML.
 */
import type { Payload } from 'payload'
import type { LegalPage, ProductPage, SiteMedia } from '../../cms/payload-types.ts'
import { productSlugs, type LegalSlug, type ProductSlug } from './slugs.ts'

async function cms(): Promise<Payload> {
  const { getCms } = await import('../cms/index.ts')
  return getCms()
}

/** A file of a block as the site needs it. */
export type SiteFile = {
  url: string
  alt: string
  mimeType: string
  width?: number
  height?: number
  filesize?: number
}

/** A file reference as Payload returns it at depth 1 (a document) or 0 (an id). */
export function siteFile(value: number | SiteMedia | null | undefined): SiteFile | null {
  if (!value || typeof value !== 'object' || !value.url) return null
  return {
    url: value.url,
    alt: value.alt,
    mimeType: value.mimeType ?? '',
    ...(value.width ? { width: value.width } : {}),
    ...(value.height ? { height: value.height } : {}),
    ...(value.filesize ? { filesize: value.filesize } : {}),
  }
}

export type ProductBlock = ProductPage['layout'][number]

/** The product page at /prodotti/{slug}, or null when the editors have not created it. */
export async function findProductPage(slug: ProductSlug): Promise<ProductPage | null> {
  const payload = await cms()
  const result = await payload.find({
    collection: 'product-pages',
    where: { slug: { equals: slug } },
    pagination: false,
    limit: 1,
    depth: 1,
    overrideAccess: true,
  })
  return result.docs[0] ?? null
}

/** Name and one-line summary of every product page, in the site's order (for /prodotti). */
export async function listProductPages(): Promise<{ slug: ProductSlug; title: string; tagline: string }[]> {
  const payload = await cms()
  const result = await payload.find({
    collection: 'product-pages',
    pagination: false,
    limit: productSlugs.length,
    depth: 0,
    overrideAccess: true,
    select: { slug: true, title: true, tagline: true },
  })
  return result.docs
    .map((doc) => ({ slug: doc.slug, title: doc.title, tagline: doc.tagline }))
    .sort((a, b) => productSlugs.indexOf(a.slug) - productSlugs.indexOf(b.slug))
}

/** The legal page at /{slug}, or null when it does not exist. */
export async function findLegalPage(slug: LegalSlug): Promise<LegalPage | null> {
  const payload = await cms()
  const result = await payload.find({
    collection: 'legal-pages',
    where: { slug: { equals: slug } },
    pagination: false,
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return result.docs[0] ?? null
}

/** Last change of each public CMS page, for the sitemap. */
export async function publicPageDates(): Promise<Map<string, string>> {
  const payload = await cms()
  const [products, legal] = await Promise.all([
    payload.find({
      collection: 'product-pages',
      pagination: false,
      limit: 10,
      depth: 0,
      overrideAccess: true,
      select: { slug: true, updatedAt: true },
    }),
    payload.find({
      collection: 'legal-pages',
      pagination: false,
      limit: 10,
      depth: 0,
      overrideAccess: true,
      select: { slug: true, updatedAt: true },
    }),
  ])
  const dates = new Map<string, string>()
  for (const doc of products.docs) dates.set(`/prodotti/${doc.slug}`, doc.updatedAt)
  for (const doc of legal.docs) dates.set(`/${doc.slug}`, doc.updatedAt)
  return dates
}
