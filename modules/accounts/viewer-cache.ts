/**
 * Who is asking, remembered for a few seconds: a session cookie's session and
 * account, and an account's subscription side, so a reader browsing tables
 * and articles is not looked up again on every request. The server turns it
 * on (`enableViewerCache`) and empties it on every request that may change
 * anything (any method but GET and HEAD, when it starts and when it ends):
 * sign-in and sign-out, profile edits, purchases, webhooks and Studio changes
 * are all such requests. Other instances see a change within
 * VIEWER_CACHE_TTL_MS. Off (the default, as in tests calling the modules
 * directly), every lookup reads the database.
 */
import { createCache, type Cache } from '../platform/index.ts'

/** How long a lookup is reused at most. */
export const VIEWER_CACHE_TTL_MS = 5_000

let enabled = false

const cache = createCache({ name: 'viewers', max: 10_000, ttl: VIEWER_CACHE_TTL_MS })

/** Turns the cache on for this process (the server does, at start). */
export function enableViewerCache(): void {
  enabled = true
}

/** Forgets every lookup (a request that may change sessions, accounts or subscriptions). */
export function forgetViewers(): void {
  cache.clear()
}

/**
 * The lookups of who is asking, reused for a few seconds when the cache is on
 * (read from the database every time when off). `delete` forgets one: a change
 * made while reading (a logged view), or outside a request.
 */
export const viewerCache: Pick<Cache<unknown>, 'get' | 'delete'> = {
  get: (key, load, keep) => (enabled ? cache.get(key, load, keep) : load()),
  delete: (key) => cache.delete(key),
}
