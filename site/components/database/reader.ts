/** The database reader of a page request: the account and entitlements the middleware set from the session. */
import { entitlementsOf } from '#modules/accounts'
import type { Reader } from '#modules/ccnl'

export function readerOf(locals: App.Locals): Reader {
  return {
    user: locals.user ?? null,
    entitlements: locals.entitlements ?? entitlementsOf({ account: null, now: new Date() }),
  }
}
