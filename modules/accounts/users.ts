/**
 * Writing subscriber accounts with e-mail and password. The portal creates
 * them itself (not through better-auth's sign-up endpoint) so the account,
 * its password and its welcome mail are committed in one transaction.
 */
import { generateId } from 'better-auth'
import type { PoolClient } from 'pg'
import { inTransaction as inPoolTransaction } from '../platform/index.ts'
import { authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import type { SignedInUser } from './session.ts'

export type NewAccount = {
  email: string
  firstName: string
  lastName: string
  profession: string | null
  accountType: 'trial' | 'standard'
  trialEndsAt: Date | null
  /**
   * Whether the address counts as confirmed: false for sign-ups by e-mail (anyone can type any
   * address; the welcome mail's link confirms it), true where the address was proved otherwise
   * (a Studio invitation code mailed to it, the demo personas).
   */
  emailVerified: boolean
  password: string
}

/** Hashes a password the way better-auth verifies it at sign-in. */
export async function hashPassword(password: string): Promise<string> {
  const { auth } = await getAccounts()
  const context = await auth.$context
  return context.password.hash(password)
}

/**
 * Inserts the account and its credential inside the caller's transaction.
 * Returns the new id, or null when the e-mail is already registered (nothing is written).
 */
export async function insertAccount(
  client: PoolClient,
  account: Omit<NewAccount, 'password'> & { passwordHash: string },
): Promise<string | null> {
  const id = generateId(32)
  const email = account.email.trim().toLowerCase()
  const name = `${account.firstName.trim()} ${account.lastName.trim()}`.trim()
  const inserted = await client.query<{ id: string }>(
    `insert into ${authTables.user}
       (id, name, email, email_verified, first_name, last_name, profession, account_type, trial_ends_at, created_at, updated_at)
     values ($1, $2, $3, $9, $4, $5, $6, $7, $8, now(), now())
     on conflict (email) do nothing
     returning id`,
    [
      id,
      name || email,
      email,
      account.firstName.trim(),
      account.lastName.trim(),
      account.profession,
      account.accountType,
      account.trialEndsAt,
      account.emailVerified,
    ],
  )
  if (inserted.rowCount === 0) return null
  await client.query(
    `insert into ${authTables.account} (id, account_id, provider_id, user_id, password, created_at, updated_at)
     values ($1, $2, 'credential', $2, $3, now(), now())`,
    [generateId(32), id, account.passwordHash],
  )
  return id
}

/** Runs `work` in a transaction on the accounts pool. */
export async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const { pool } = await getAccounts()
  return inPoolTransaction(pool, work)
}

/** The account with this e-mail, if any (id and type). */
export async function findAccountByEmail(email: string): Promise<{
  id: string
  email: string
  name: string
  accountType: string
  trialEndsAt: Date | null
} | null> {
  const { pool } = await getAccounts()
  const result = await pool.query<{
    id: string
    email: string
    name: string
    account_type: string
    trial_ends_at: Date | null
  }>(`select id, email, name, account_type, trial_ends_at from ${authTables.user} where email = $1`, [
    email.trim().toLowerCase(),
  ])
  const row = result.rows[0]
  return row
    ? {
        id: row.id,
        email: row.email,
        name: row.name,
        accountType: row.account_type,
        trialEndsAt: row.trial_ends_at,
      }
    : null
}

/** The columns of `auth_users` that make a SignedInUser. */
export const USER_COLUMNS =
  'id, email, email_verified, name, first_name, last_name, profession, account_type, trial_ends_at, image, created_at, social_setup_pending'

/** A row of `auth_users` (USER_COLUMNS) as pages and routes see an account. */
export type UserRow = {
  id: string
  email: string
  email_verified: boolean
  name: string
  first_name: string | null
  last_name: string | null
  profession: string | null
  account_type: string
  trial_ends_at: Date | null
  image: string | null
  created_at: Date
  social_setup_pending: boolean
}

/** The account of a `auth_users` row. */
export function userFromRow(row: UserRow): SignedInUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified === true,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    profession: row.profession,
    accountType: row.account_type === 'standard' ? 'standard' : 'trial',
    trialEndsAt: row.trial_ends_at,
    image: row.image,
    createdAt: row.created_at,
    socialSetupPending: row.social_setup_pending === true,
  }
}
