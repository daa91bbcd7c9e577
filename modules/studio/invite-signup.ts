/**
 * The invitation page's sign-up: a new account for the invited address, with
 * the name and password chosen on the page, linked to the Studio and signed
 * in, in one step. An address already registered gets 409 `email_in_use` (the
 * page then asks to log in, which activates the link).
 */
import { getAuth, hashPassword, insertAccount } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, getLogger, inTransaction } from '../platform/index.ts'
import { codeHash } from './links.ts'
import { getStudio } from './runtime.ts'
import { inviteSignupSchema, type InviteSignupInput } from './schemas.ts'

const t = it.studio.invitation

export type InviteSignupResult = { userId: string; email: string; setCookies: string[] }

function invalid(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const issue = error.issues[0]
  return new AppError('bad_request', issue?.message ?? it.errors.invalidInput, {
    field: issue?.path.map(String).join('.') || undefined,
  })
}

export async function signUpWithInvite(options: {
  code: string
  input: InviteSignupInput
  headers: Headers
  ip: string
  now?: Date
}): Promise<InviteSignupResult> {
  const now = options.now ?? new Date()
  const parsed = inviteSignupSchema.safeParse(options.input)
  if (!parsed.success) throw invalid(parsed.error)
  const { name, password } = parsed.data
  const { pool, codeFailuresByIp } = await getStudio()
  // Counted as a wrong code before the code is looked up (parallel tries cannot all pass); a valid one gives it back.
  await codeFailuresByIp.hit(options.ip, t.tooManyAttempts)

  const passwordHash = await hashPassword(password)
  const outcome = await inTransaction(pool, async (client) => {
    const found = await client.query<{ id: string; email: string }>(
      `select id, email from studio_links
        where code_hash = $1 and not is_active and code_expires_at > $2 for update`,
      [codeHash(options.code), now],
    )
    const link = found.rows[0]
    if (!link) return { kind: 'invalid' as const }
    const userId = await insertAccount(client, {
      email: link.email,
      firstName: name,
      lastName: '',
      profession: null,
      accountType: 'standard',
      trialEndsAt: null,
      // The invitation's code was mailed to this address: using it proves the address.
      emailVerified: true,
      passwordHash,
    })
    if (!userId) return { kind: 'registered' as const }
    await client.query(
      `update studio_links set is_active = true, linked_user_id = $2, activated_at = $3,
              code_hash = null, code_expires_at = null
        where id = $1`,
      [link.id, userId, now],
    )
    return { kind: 'created' as const, userId, email: link.email }
  })
  if (outcome.kind === 'invalid') throw new AppError('not_found', t.invalidCode)
  await codeFailuresByIp.giveBack(options.ip)
  if (outcome.kind === 'registered') {
    throw new AppError('conflict', t.existingTitle, { field: 'email' })
  }
  const auth = await getAuth()
  const signedIn = await auth.api.signInEmail({
    body: { email: outcome.email, password, rememberMe: true },
    headers: options.headers,
    returnHeaders: true,
  })
  getLogger().info({ module: 'studio', userId: outcome.userId }, 'Account Studio creato dall’invito')
  return { userId: outcome.userId, email: outcome.email, setCookies: signedIn.headers.getSetCookie() }
}
