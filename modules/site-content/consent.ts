/** The cookie choices of the banner, recorded with a timestamp (proof of consent). */
import type { Pool } from 'pg'
import type { CookieConsent } from './schemas.ts'

export type RecordedConsent = {
  id: number
  consentId: string
  categories: string[]
  action: string
  createdAt: Date
}

/** Stores one choice; `necessary` is always part of it. */
export async function recordCookieConsent(
  pool: Pool,
  consent: CookieConsent,
  options: { userId?: string | null } = {},
): Promise<RecordedConsent> {
  const categories = [...new Set(['necessary', ...consent.categories])]
  const result = await pool.query<{ id: string; created_at: Date }>(
    `insert into cookie_consents (consent_id, categories, action, user_id) values ($1, $2, $3, $4)
     returning id, created_at`,
    [consent.consentId, categories, consent.action, options.userId ?? null],
  )
  const row = result.rows[0]
  if (!row) throw new Error('Consenso non registrato')
  return {
    id: Number(row.id),
    consentId: consent.consentId,
    categories,
    action: consent.action,
    createdAt: row.created_at,
  }
}

/** The choices recorded for a consent id, newest first. */
export async function consentHistory(pool: Pool, consentId: string): Promise<RecordedConsent[]> {
  const result = await pool.query<{
    id: string
    consent_id: string
    categories: string[]
    action: string
    created_at: Date
  }>(
    'select id, consent_id, categories, action, created_at from cookie_consents where consent_id = $1 order by created_at desc, id desc',
    [consentId],
  )
  return result.rows.map((row) => ({
    id: Number(row.id),
    consentId: row.consent_id,
    categories: row.categories,
    action: row.action,
    createdAt: row.created_at,
  }))
}

/**
 * Deleting an account: its cookie choices stay as proof of consent, no longer
 * linked to the person (`user_id` cleared; the browser's consent id is not
 * personal data of the account). Returns the records unlinked.
 */
export async function anonymiseCookieConsents(pool: Pool, userId: string): Promise<number> {
  const result = await pool.query('update cookie_consents set user_id = null where user_id = $1', [userId])
  return result.rowCount ?? 0
}
