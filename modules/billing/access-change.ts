/**
 * Listeners told, inside the mirror's transaction, when an account's
 * subscription access changes (plan, Studio formula, or whether it grants
 * access at all). Studio management uses it to tell an owner that the linked
 * accounts lost (or regained) their access.
 */
import type { PoolClient } from 'pg'
import { grantsAccess, type SubscriptionAccess } from '../accounts/index.ts'
import { currentSubscriptionRow } from './lookup.ts'

/** The access an account's current subscription gives: null when none grants any. */
export type GrantedAccess = { plan: SubscriptionAccess['plan']; studio: boolean } | null

export type AccessChange = {
  userId: string
  before: GrantedAccess
  after: GrantedAccess
  /** The transaction of the mirror's write: listeners write (mails to the outbox) in it. */
  client: PoolClient
}

export type AccessChangeListener = (change: AccessChange) => Promise<void>

/** The listeners, by name (the composition root subscribes Studio management's). */
const subscribed = new Map<string, AccessChangeListener>()

function listeners(): Map<string, AccessChangeListener> {
  return subscribed
}

/** Registers a listener under `name` (registering the same name again replaces it; undefined removes it). */
export function onSubscriptionAccessChange(name: string, listener: AccessChangeListener | undefined): void {
  if (listener) listeners().set(name, listener)
  else listeners().delete(name)
}

/** The access the account's current subscription grants, read in the mirror's transaction. */
export async function grantedAccess(client: PoolClient, userId: string): Promise<GrantedAccess> {
  const row = await currentSubscriptionRow(client, userId)
  if (!row || !row.plan) return null
  const access = { plan: row.plan, studio: row.studio, status: row.status }
  return grantsAccess(access) ? { plan: row.plan, studio: row.studio } : null
}

const same = (a: GrantedAccess, b: GrantedAccess) =>
  a === b || (a !== null && b !== null && a.plan === b.plan && a.studio === b.studio)

/** Tells the listeners when `before` and the account's access now differ. */
export async function reportAccessChange(
  client: PoolClient,
  userId: string,
  before: GrantedAccess,
): Promise<void> {
  const after = await grantedAccess(client, userId)
  if (same(before, after)) return
  for (const listener of listeners().values()) await listener({ userId, before, after, client })
}
