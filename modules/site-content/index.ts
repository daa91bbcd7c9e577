/** The public site's CMS content: product and legal pages, information and Enterprise requests, cookie choices, page cache. */

/** The product pages' figures: contracts, pay tables and news per month (last 12 months, 0 where none). */
export {
  databaseFigures,
  monthlySeries,
  lastMonths,
  FIGURE_MONTHS,
  type DatabaseFigures,
  type MonthFigure,
} from './figures.ts'
/** The product and legal page addresses. */
export { productSlugs, legalSlugs, isProductSlug, type ProductSlug, type LegalSlug } from './slugs.ts'
/** Reading the pages for the site (files resolved to public URLs) and their dates for the sitemap. */
export {
  findProductPage,
  listProductPages,
  findLegalPage,
  publicPageDates,
  siteFile,
  type SiteFile,
  type ProductBlock,
} from './pages.ts'
/** The captions of a demo video: a WebVTT file, or the Italian message saying what is wrong. */
export { isCaptionsUpload, webVttProblem } from './captions.ts'
/** The public forms' schemas with Italian messages, and the form parser that names each bad field. */
export {
  productEnquirySchema,
  enterpriseEnquirySchema,
  cookieConsentSchema,
  parseForm,
  type ProductEnquiry,
  type EnterpriseEnquiry,
  type FieldErrors,
  type CookieConsent,
} from './schemas.ts'
/** Information and Enterprise requests: rate limit, marketing contact, mail to the sales address. */
export { submitEnquiry, enquiryProduct, type Enquiry } from './enquiries.ts'
/** The cookie choices, recorded with a timestamp. */
export {
  recordCookieConsent,
  consentHistory,
  anonymiseCookieConsents,
  type RecordedConsent,
} from './consent.ts'
/** The page cache behind Astro's route caching: per address and access class, emptied by every publish. */
export {
  pageCacheRule,
  accessClassOf,
  createPageCache,
  pageCache,
  type CachedPage,
  pageCacheProvider,
  invalidatePages,
  PAGES_TAG,
  PAGE_MAX_AGE_S,
  type PageCache,
  type PageCacheProvider,
  type PageCacheRule,
} from './page-cache.ts'
/** Empties the page caches of the other instances on a publish (Postgres LISTEN/NOTIFY). */
export { startPageCacheSync, PAGE_CACHE_CHANNEL, SETTLE_MS, type PageCacheSync } from './cache-sync.ts'
/** Plain-text helpers of the page blocks. */
export { paragraphs, firstWord } from './text.ts'
/** The SQL of the `cookie_consents` table, applied by the site-content migration. */
export { siteContentSchemaV1 } from './sql.ts'
/** The cookie choices recorded for a subscriber, for the data export. */
export { exportAccountData, type ConsentDataExport } from './export-account-data.ts'
