/**
 * The search operations of /api/v1: each counts against its caller's address
 * (modules/search `countSearch`, gate.ts `limitSearches`), so nobody probes
 * the index faster than SEARCHES_PER_MINUTE a minute. Keys are
 * `METHOD /api/v1/template`, as the OpenAPI document lists them; the pages
 * that search (the feed's results, the comparison's and the finder's
 * searches) count the same way.
 */
export const SEARCH_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/v1/notizie/ricerca/{text}',
  'GET /api/v1/notizie/ricercaavanzata',
  'GET /api/v1/ccnlsearch/ccnl/{text}',
  'GET /api/v1/ateco/contratti',
  'GET /api/v1/contratti/testi/nazionale/byTesto/{id}/ricerca/{query}',
  'GET /api/v1/contratti/testi/nazionale/consolidato/byTesto/{id}/ricerca/{query}',
])

/** True when the operation is a search. */
export function isSearchOperation(key: string): boolean {
  return SEARCH_OPERATIONS.has(key)
}
