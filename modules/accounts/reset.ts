/** Password reset links: whether the token of a link (`oobCode`) can still be used. */
import { authTables } from './auth.ts'
import { getAccounts } from './runtime.ts'
import { storedIdentifier } from './verification-tokens.ts'

/** True when a reset link with this token exists, has not expired and has not been used. */
export async function resetTokenUsable(token: string | null | undefined): Promise<boolean> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{8,200}$/.test(token)) return false
  const { pool } = await getAccounts()
  const result = await pool.query(
    `select 1 from ${authTables.verification} where identifier = $1 and expires_at > now() limit 1`,
    [storedIdentifier(`reset-password:${token}`)],
  )
  return (result.rowCount ?? 0) > 0
}
