/** The operators' reading of the erasure log (/admin/abbonati). */
import { getAccountsPool } from '../accounts/index.ts'

/** One deletion as operators read it. */
export type ErasureLogEntry = {
  id: number
  userId: string
  requestedBy: 'subscriber' | 'operator'
  operatorEmail: string | null
  reason: string | null
  subscriptionEnd: 'period_end' | 'now'
  requestedAt: Date
  completedAt: Date | null
}

/** The latest deletions, newest first. */
export async function recentErasures(limit = 20): Promise<ErasureLogEntry[]> {
  const pool = await getAccountsPool()
  const result = await pool.query<{
    id: string
    user_id: string
    requested_by: 'subscriber' | 'operator'
    operator_email: string | null
    reason: string | null
    subscription_end: 'period_end' | 'now'
    requested_at: Date
    completed_at: Date | null
  }>(
    `select id, user_id, requested_by, operator_email, reason, subscription_end, requested_at, completed_at
       from erasure_log order by requested_at desc, id desc limit $1`,
    [Math.min(Math.max(limit, 1), 200)],
  )
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    requestedBy: row.requested_by,
    operatorEmail: row.operator_email,
    reason: row.reason,
    subscriptionEnd: row.subscription_end,
    requestedAt: row.requested_at,
    completedAt: row.completed_at,
  }))
}
