/**
 * The accounts module's retention rules (docs/privacy.md): rows that have
 * served their purpose are purged on a schedule, and trial accounts whose
 * address was never confirmed are removed after 30 days.
 */
import type { Pool } from 'pg'

/** Days after which a trial account whose address was never confirmed is removed. */
export const UNCONFIRMED_TRIAL_DAYS = 30
/** Days the sign-in limiter's rows of better-auth are kept after the last request they count. */
export const AUTH_RATE_LIMIT_DAYS = 1

/** What one purge removed, by table. */
export type AccountsPurge = {
  sessions: number
  verifications: number
  authRateLimits: number
  rateLimits: number
  unconfirmedTrialAccounts: number
}

/**
 * Deletes the ended sessions, the expired verification tokens (address
 * confirmations, password resets), the limiter rows whose window is over,
 * and the trial accounts created by e-mail more than 30 days ago whose
 * address was never confirmed and that nobody has used since (never a
 * deleted account, whose anonymous row keys the fiscal archive; their
 * sessions, sign-in methods, favourites, views and Studio invitations go
 * with them through the database's foreign keys).
 */
export async function purgeAccountRows(options: { pool: Pool; now?: Date }): Promise<AccountsPurge> {
  const { pool } = options
  const now = options.now ?? new Date()
  const trialCutoff = new Date(now.getTime() - UNCONFIRMED_TRIAL_DAYS * 24 * 3_600_000)
  const sessions = await pool.query('delete from auth_sessions where expires_at < $1', [now])
  const verifications = await pool.query('delete from auth_verifications where expires_at < $1', [now])
  const authRateLimits = await pool.query('delete from auth_rate_limits where last_request < $1', [
    now.getTime() - AUTH_RATE_LIMIT_DAYS * 24 * 3_600_000,
  ])
  const rateLimits = await pool.query('delete from rate_limits where expire is not null and expire < $1', [
    now.getTime(),
  ])
  const trials = await pool.query(
    `delete from auth_users u
      where u.account_type = 'trial' and not u.email_verified and u.erased_at is null
        and u.created_at < $1 and u.updated_at < $1
        and not exists (select 1 from auth_sessions s where s.user_id = u.id and s.created_at >= $1)
        and not exists (select 1 from auth_accounts a where a.user_id = u.id and a.provider_id <> 'credential')`,
    [trialCutoff],
  )
  return {
    sessions: sessions.rowCount ?? 0,
    verifications: verifications.rowCount ?? 0,
    authRateLimits: authRateLimits.rowCount ?? 0,
    rateLimits: rateLimits.rowCount ?? 0,
    unconfirmedTrialAccounts: trials.rowCount ?? 0,
  }
}
