/**
 * The module's process-wide parts: the pool (the accounts module's, which is
 * Payload's) and the rate limits of invitations.
 */
import type { Pool } from 'pg'
import { getAccountsPool } from '../accounts/index.ts'
import { createLimiter, type Limiter } from '../platform/index.ts'
import { INVITE_CODE_FAILURES, INVITES_PER_HOUR } from './constants.ts'

export type StudioRuntime = {
  pool: Pool
  /** Invitations sent by one owner. */
  invitesByOwner: Limiter
  /** Wrong, used or expired codes tried from one address. */
  codeFailuresByIp: Limiter
}

let current: StudioRuntime | undefined

export async function getStudio(): Promise<StudioRuntime> {
  const pool = await getAccountsPool()
  if (current && current.pool === pool) return current
  const runtime: StudioRuntime = {
    pool,
    invitesByOwner: createLimiter(pool, 'studioInvitesByOwner', {
      points: INVITES_PER_HOUR,
      durationSeconds: 60 * 60,
    }),
    codeFailuresByIp: createLimiter(pool, 'studioCodeFailuresByIp', {
      points: INVITE_CODE_FAILURES,
      durationSeconds: 15 * 60,
    }),
  }
  current = runtime
  return runtime
}
