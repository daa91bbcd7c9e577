/** The database reader of a page request: the account and entitlements the middleware set from the session. */
import { entitlementsOf } from '../../../modules/accounts/index.ts'
import type { Reader } from '../../../modules/database/index.ts'

export function readerOf(locals: App.Locals): Reader {
  return {
    user: locals.user ?? null,
    entitlements: locals.entitlements ?? entitlementsOf({ account: null, now: new Date() }),
  }
}
