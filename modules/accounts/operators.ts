/**
 * What operators see of subscribers in /admin: search by e-mail, one
 * account's profile and sessions, and ending its sessions (the admin adds
 * the access state from the access module). The CMS view calls these; its
 * own access check (administrators only) comes first.
 */
import { authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import type { SignedInUser } from './session.ts'
import { USER_COLUMNS, userFromRow, type UserRow } from './users.ts'

/** One line of the search results. */
export type SubscriberListItem = {
  id: string
  email: string
  name: string
  accountType: 'trial' | 'standard'
  trialEndsAt: Date | null
  createdAt: Date
}

/** One session of an account. */
export type SubscriberSession = {
  id: string
  createdAt: Date
  lastSeenAt: Date
  expiresAt: Date
  ipAddress: string | null
  userAgent: string | null
}

/** One account as operators see it. */
export type SubscriberDetails = {
  user: SignedInUser
  sessions: SubscriberSession[]
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Accounts whose e-mail contains `query` (case-insensitive), exact matches first; at most `limit`. */
export async function findSubscribers(query: string, limit = 25): Promise<SubscriberListItem[]> {
  const text = query.trim().toLowerCase().slice(0, 254)
  if (!text) return []
  const { pool } = await getAccounts()
  const result = await pool.query<UserRow>(
    `select ${USER_COLUMNS} from ${authTables.user}
      where lower(email) like $1 escape '\\' and erased_at is null
      order by (lower(email) = $2) desc, email
      limit $3`,
    [`%${escapeLike(text)}%`, text, Math.min(Math.max(limit, 1), 100)],
  )
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    accountType: row.account_type === 'standard' ? 'standard' : 'trial',
    trialEndsAt: row.trial_ends_at,
    createdAt: row.created_at,
  }))
}

/** The account with this id: profile and sessions (newest first); null when unknown. */
export async function subscriberDetails(id: string, now = new Date()): Promise<SubscriberDetails | null> {
  const { pool } = await getAccounts()
  const found = await pool.query<UserRow>(`select ${USER_COLUMNS} from ${authTables.user} where id = $1`, [
    id,
  ])
  const row = found.rows[0]
  if (!row) return null
  const user = userFromRow(row)
  const sessions = await pool.query<{
    id: string
    created_at: Date
    updated_at: Date
    expires_at: Date
    ip_address: string | null
    user_agent: string | null
  }>(
    `select id, created_at, updated_at, expires_at, ip_address, user_agent from ${authTables.session}
      where user_id = $1 and expires_at > $2 order by created_at desc`,
    [id, now],
  )
  return {
    user,
    sessions: sessions.rows.map((session) => ({
      id: session.id,
      createdAt: session.created_at,
      lastSeenAt: session.updated_at,
      expiresAt: session.expires_at,
      ipAddress: session.ip_address,
      userAgent: session.user_agent,
    })),
  }
}
