/**
 * The entitlements of accounts that are not making a request: the followers
 * of a contract when a notice is written or mailed to them. The same
 * entitlements function as a request's, from the same sources (the account's
 * trial, its subscription in the billing mirror, its Studio owner's).
 */
import { accessStatesByIds, type Entitlements } from '../accounts/index.ts'
import { entitlementsWith } from './access.ts'
import { lookupSubscription, type SubscriptionLookup } from './subscription.ts'

/** The entitlements of each account at `now`, by id (unknown ids are left out). */
export async function entitlementsOfAccounts(
  userIds: readonly string[],
  now = new Date(),
  lookup: SubscriptionLookup = lookupSubscription,
): Promise<Map<string, Entitlements>> {
  const accounts = await accessStatesByIds(userIds)
  const entries = await Promise.all(
    [...accounts.values()].map(
      async (account) =>
        [
          account.id,
          entitlementsWith(account, await lookup({ id: account.id, email: account.email }), now),
        ] as const,
    ),
  )
  return new Map(entries)
}
