/**
 * Fan-out of a published news item: every user who follows one of its
 * contracts gets a notification (once per item). Run by the `notifyFollowers`
 * job that publishing queues, never inside the editor's request.
 */
import type { Payload } from 'payload'
import type { Contract } from '../../cms/payload-types.ts'
import { it } from '../i18n/index.ts'
import { pool } from './cms.ts'
import { EXCERPT, excerpt } from './excerpt.ts'
import { followersOfContracts } from './followers.ts'
import { cardOf, findArticleByGuid } from './news.ts'
import { paidReaders, withoutFigures } from './notice-access.ts'
import { notifyUsers, type NewNotification } from './notifications.ts'

/** Notifies the followers of a published item's contracts; returns how many users were newly notified. */
export async function notifyFollowers(newsGuid: string, payload?: Payload): Promise<number> {
  const doc = await findArticleByGuid(newsGuid, payload)
  if (!doc) return 0
  const contracts = (doc.contracts ?? []).filter((value): value is Contract => typeof value === 'object')
  if (contracts.length === 0) return 0
  const followers = await followersOfContracts(contracts.map((contract) => contract.code))
  if (followers.length === 0) return 0
  const card = cardOf(doc)
  const names = contracts.map((contract) => contract.shortTitle || contract.title).join(', ')
  const notified = await notifyUsers(await pool(payload), followers, {
    key: newsGuid,
    title: card.titolo,
    body: it.feed.notifications.body(
      it.feed.kinds[card.guid_categoria],
      names,
      excerpt(card.estratto, EXCERPT.card),
    ),
    link: card.link,
  })
  return notified.length
}

/**
 * A notice for the followers of some contracts (renewal alerts): `key` makes it once per follower.
 * Its body carries what only readers with access may read (new minimums, a new text's changes).
 */
export type ContractNotification = Omit<NewNotification, 'paid'> & {
  /** What a follower whose access does not open the contract database gets instead (default: the prompt to subscribe). */
  withoutAccess?: Pick<NewNotification, 'body' | 'link'>
}

/**
 * Notifies the followers of these contracts, once per follower and `key`
 * (a news item's guid, or `tabella:<id>:<decorrenza>`, `testo:<id>`): the
 * whole notice to those whose access opens the contract database at `now`,
 * its title and `withoutAccess` to the others (notice-access.ts). Returns how
 * many users were newly notified.
 */
export async function notifyContractFollowers(
  contractCodes: readonly number[],
  notification: ContractNotification,
  payload?: Payload,
  now = new Date(),
): Promise<number> {
  const followers = await followersOfContracts(contractCodes)
  if (followers.length === 0) return 0
  const readers = await paidReaders(followers, now)
  const { withoutAccess, ...notice } = notification
  const db = await pool(payload)
  const notified = [
    ...(await notifyUsers(
      db,
      followers.filter((id) => readers.has(id)),
      { ...notice, paid: true },
    )),
    ...(await notifyUsers(
      db,
      followers.filter((id) => !readers.has(id)),
      { ...withoutFigures(notice), ...withoutAccess },
    )),
  ]
  return notified.length
}

/** True when some user was notified under `key` (a renewal alert already announced, before its correction). */
export async function notificationSent(key: string, payload?: Payload): Promise<boolean> {
  const found = await (
    await pool(payload)
  ).query('select 1 from feed_notifications where source_key = $1 limit 1', [key])
  return found.rows.length > 0
}

/** True when a save makes a news item visible: published now, and not published before (or just created). */
export function becamePublished(
  doc: { _status?: string | null },
  previous: { _status?: string | null } | undefined,
): boolean {
  return doc._status === 'published' && previous?._status !== 'published'
}
