/**
 * What the accounts module holds about one subscriber, for the data export
 * (Profilo › Sicurezza, 'Scarica i miei dati'): the profile, the ways the
 * account signs in (never a password hash or a provider's token), the open
 * sessions and whether a profile picture is stored.
 */
import type { Pool } from 'pg'

/** The account's rows by section name; values are plain JSON (dates as Date). */
export type AccountDataExport = {
  profilo: Record<string, unknown>[]
  accessi: Record<string, unknown>[]
  sessioni: Record<string, unknown>[]
  immagine_profilo: Record<string, unknown>[]
}

/** The subscriber's own rows in the accounts tables. */
export async function exportAccountData(options: { pool: Pool; userId: string }): Promise<AccountDataExport> {
  const { pool, userId } = options
  const [profile, methods, sessions, picture] = await Promise.all([
    pool.query(
      `select id, email, email_verified, name, first_name, last_name, profession, account_type,
              trial_ends_at, created_at, updated_at
         from auth_users where id = $1`,
      [userId],
    ),
    pool.query(
      `select provider_id, created_at, updated_at from auth_accounts where user_id = $1 order by created_at`,
      [userId],
    ),
    pool.query(
      `select created_at, expires_at, ip_address, user_agent
         from auth_sessions where user_id = $1 order by created_at`,
      [userId],
    ),
    pool.query(
      `select file_name, content_type, length(content) as bytes, updated_at
         from profile_pictures where user_id = $1`,
      [userId],
    ),
  ])
  return {
    profilo: profile.rows,
    accessi: methods.rows,
    sessioni: sessions.rows,
    immagine_profilo: picture.rows,
  }
}
