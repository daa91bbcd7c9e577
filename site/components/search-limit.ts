/**
 * The per-address search limit on the pages that search (the feed's results,
 * the comparison's contract picker, the activity finder), as the API applies
 * it to its search routes: each search counts against the visitor's address
 * and, beyond the limit, the page answers 429 with Retry-After and shows why.
 */
import { clientIpOf } from '#modules/accounts'
import { errorHeaders, isAppError } from '#modules/platform'
import { countSearch } from '#modules/search'

/** What a page may set on its answer. */
type PageAnswer = { request: Request; response: { status?: number; headers: Headers } }

/**
 * Counts the search `page` is about to run: undefined when it may run; otherwise the page's answer
 * becomes a 429 with Retry-After and the Italian message to show is returned.
 */
export async function searchRefusal(page: PageAnswer): Promise<string | undefined> {
  try {
    await countSearch(clientIpOf(page.request.headers))
    return undefined
  } catch (error) {
    if (!isAppError(error) || error.code !== 'too_many_requests') throw error
    page.response.status = error.status
    for (const [name, value] of Object.entries(errorHeaders(error))) page.response.headers.set(name, value)
    page.response.headers.set('cache-control', 'no-store')
    return error.message
  }
}
