/** The product pages under /prodotti, in the order the site lists them. */
export const productSlugs = ['werte', 'wertecolf', 'werteplus'] as const
export type ProductSlug = (typeof productSlugs)[number]

/** The legal pages, each at /{slug}. */
export const legalSlugs = ['termini-e-condizioni', 'privacy-policy', 'cookie-policy'] as const
export type LegalSlug = (typeof legalSlugs)[number]

export function isProductSlug(value: string): value is ProductSlug {
  return (productSlugs as readonly string[]).includes(value)
}
