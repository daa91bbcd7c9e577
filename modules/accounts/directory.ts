/**
 * Who an account is, for the modules that keep account ids in their own
 * tables (billing, Studio): its address and name, read in one query for a
 * whole batch of ids, and the ids whose address (or name) holds a text. They
 * never join the accounts tables themselves.
 */
import type { PoolClient } from 'pg'
import { authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'

/** An account's address and display name. */
export type AccountContact = { id: string; email: string; name: string }

/** A pool or a transaction's client: reads inside the caller's transaction see its writes. */
type Queryable = Pick<PoolClient, 'query'>

async function queryable(db: Queryable | undefined): Promise<Queryable> {
  return db ?? (await getAccounts()).pool
}

/** The accounts with these ids, by id (one query; unknown ids are left out). */
export async function usersByIds(
  ids: readonly (string | null | undefined)[],
  db?: Queryable,
): Promise<Map<string, AccountContact>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))]
  if (wanted.length === 0) return new Map()
  const result = await (
    await queryable(db)
  ).query<AccountContact>(`select id, email, name from ${authTables.user} where id = any($1::text[])`, [
    wanted,
  ])
  return new Map(result.rows.map((row) => [row.id, row]))
}

/** What the entitlements read of an account besides its subscription: its address, type and trial end. */
export type AccountAccessState = {
  id: string
  email: string
  accountType: 'trial' | 'standard'
  trialEndsAt: Date | null
}

/** The access states of the accounts with these ids, by id (one query; unknown ids are left out). */
export async function accessStatesByIds(
  ids: readonly string[],
  db?: Queryable,
): Promise<Map<string, AccountAccessState>> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))]
  if (wanted.length === 0) return new Map()
  const result = await (
    await queryable(db)
  ).query<{ id: string; email: string; account_type: string; trial_ends_at: Date | null }>(
    `select id, email, account_type, trial_ends_at from ${authTables.user} where id = any($1::text[])`,
    [wanted],
  )
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        accountType: row.account_type === 'standard' ? 'standard' : 'trial',
        trialEndsAt: row.trial_ends_at,
      },
    ]),
  )
}

/** The account with this id, or null. */
export async function userById(id: string, db?: Queryable): Promise<AccountContact | null> {
  return (await usersByIds([id], db)).get(id) ?? null
}

/** The id of the account with this address (any letter case), or null. */
export async function userIdByEmail(email: string, db?: Queryable): Promise<string | null> {
  const result = await (
    await queryable(db)
  ).query<{ id: string }>(`select id from ${authTables.user} where lower(email) = lower($1)`, [email.trim()])
  return result.rows[0]?.id ?? null
}

/**
 * The ids of the accounts whose address (and, with `names`, display name)
 * holds `text`, letter case aside: the operators' searches.
 */
export async function userIdsMatching(
  text: string,
  options: { names?: boolean; db?: Queryable } = {},
): Promise<string[]> {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  const result = await (
    await queryable(options.db)
  ).query<{ id: string }>(
    `select id from ${authTables.user}
      where strpos(lower(email), $1) > 0 or ($2 and strpos(lower(name), $1) > 0)`,
    [needle, options.names ?? false],
  )
  return result.rows.map((row) => row.id)
}
