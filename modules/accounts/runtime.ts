/**
 * The accounts module's process-wide parts: the database pool (Payload's),
 * the rate limiters and the better-auth instance.
 */
import type { Pool } from 'pg'
import { createLimiter, getEnv, getLogger, type LimitRule, type Limiter } from '../platform/index.ts'
import { createAuth, type Auth } from './auth.ts'
import { createLimiters, type Limiters } from './rate-limits.ts'

export type AccountsRuntime = { pool: Pool; limiters: Limiters; auth: Auth }

let current: AccountsRuntime | undefined

/** The pool of the CMS, which the accounts module shares (one pool per process). */
export async function getAccountsPool(): Promise<Pool> {
  // Loaded on first use: importing the CMS configuration reads the settings and loads Payload.
  const { getPool } = await import('../cms/index.ts')
  return getPool()
}

/** The module's runtime on the current pool (rebuilt if the CMS was restarted with a new pool). */
export async function getAccounts(): Promise<AccountsRuntime> {
  const pool = await getAccountsPool()
  if (current && current.pool === pool) return current
  const limiters = createLimiters(pool)
  const runtime: AccountsRuntime = {
    pool,
    limiters,
    auth: createAuth({ pool, limiters, env: getEnv(), logger: getLogger() }),
  }
  current = runtime
  return runtime
}

/** The better-auth instance. */
export async function getAuth(): Promise<Auth> {
  return (await getAccounts()).auth
}

const sharedLimiters = new Map<string, { pool: Pool; limiter: Limiter }>()

/**
 * A limiter named `name` on the accounts pool, made at its first use (and again on a new pool): the
 * limits of the modules built on accounts (sign-ups, contact calls) count in the same table.
 */
export async function limiterOnAccountsPool(name: string, rule: () => LimitRule): Promise<Limiter> {
  const pool = await getAccountsPool()
  const known = sharedLimiters.get(name)
  if (known?.pool === pool) return known.limiter
  const limiter = createLimiter(pool, name, rule())
  sharedLimiters.set(name, { pool, limiter })
  return limiter
}
