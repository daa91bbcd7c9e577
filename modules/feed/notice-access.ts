/**
 * Who may read a notice's figures. A renewal alert tells the new minimums of
 * every level: paid content, which reaches only followers whose access opens
 * the contract database (a trial in progress, a subscription, a Studio's) at
 * the time it is sent. The others get its title and a prompt to subscribe,
 * in the bell and in the daily digest alike; the bell and the digest check
 * the access again when they show a notice written with its figures.
 */
import { entitlementsOfAccounts } from '../access/index.ts'
import { it } from '../i18n/index.ts'

/** Where a follower without access is sent: the plans. */
export const SUBSCRIBE_PATH = '/acquista'

/** A notice as a reader without access sees it: the same title, the prompt to subscribe instead of the figures. */
export function withoutFigures<T extends { title: string; body: string; link: string }>(
  notice: T,
): T & { body: string; link: string } {
  return { ...notice, body: it.feed.notifications.subscribePrompt, link: SUBSCRIBE_PATH }
}

/** The accounts among `userIds` whose access opens the contract database at `now` (they may read paid figures). */
export async function paidReaders(userIds: readonly string[], now = new Date()): Promise<Set<string>> {
  const entitlements = await entitlementsOfAccounts(userIds, now)
  return new Set([...entitlements].filter(([, granted]) => granted.canReadInForce).map(([id]) => id))
}
