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
import { readCache } from '../platform/index.ts'

/** How long a lookup is reused at most. */
export const VIEWER_CACHE_TTL_MS = 5_000

const ENABLED_KEY = Symbol.for('bancadati.accounts.viewerCacheEnabled')
type EnabledStore = { [ENABLED_KEY]?: boolean }

const cache = () => readCache('viewers', { ttlMs: VIEWER_CACHE_TTL_MS, maxEntries: 10_000 })

/** Turns the cache on for this process (the server does, at start). */
export function enableViewerCache(): void {
  ;(globalThis as EnabledStore)[ENABLED_KEY] = true
}

/** Forgets every remembered lookup (a request that may change sessions, accounts or subscriptions). */
export function forgetViewers(): void {
  cache().clear()
}

/** Forgets one remembered lookup: a change made while reading (a logged view), or outside a request. */
export function forgetLookup(key: string): void {
  cache().forget(key)
}

/**
 * The value of a lookup, reused for a few seconds when the cache is on.
 * `keep` decides whether a result may be reused (a refreshed session cookie, for one, is not).
 */
export async function rememberedLookup<T>(
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  if (!(globalThis as EnabledStore)[ENABLED_KEY]) return load()
  const value = await cache().read(key, load)
  if (!keep(value)) cache().forget(key)
  return value
}
