/**
 * Trial sign-up: a 7-day trial account with a generated password, mailed
 * with the welcome e-mail, the marketing contact recorded whatever happens,
 * and the new account signed in.
 */
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getLogger } from '../platform/index.ts'
import { clientIpOf } from './client-ip.ts'
import { recordContact } from './contacts.ts'
import { generatePassword } from './password.ts'
import { getAccounts } from './runtime.ts'
import { trialSignupSchema, type TrialSignupInput } from './schemas.ts'
import { trialEnd } from './trial.ts'
import { hashPassword, inTransaction, insertAccount } from './users.ts'

/** The product recorded on the marketing contact of a trial sign-up. */
export const TRIAL_PRODUCT = 'Prova gratuita'

export type RegisterTrialResult = {
  userId: string
  email: string
  trialEndsAt: Date
  /** Set-Cookie values that sign the new account in. */
  setCookies: string[]
}

/** Validation failure of a sign-up field, as an AppError naming the field. */
function invalid(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const issue = error.issues[0]
  return new AppError('bad_request', issue?.message ?? it.errors.invalidInput, {
    field: issue?.path.map(String).join('.') || undefined,
  })
}

/**
 * Registers a trial account. `headers` are the request's (client address,
 * user agent). Throws AppError: 400 for bad input, 409 when the e-mail is
 * already registered (the account is left untouched), 429 beyond the limit.
 */
export async function registerTrial(input: TrialSignupInput, headers: Headers): Promise<RegisterTrialResult> {
  const parsed = trialSignupSchema.safeParse(input)
  if (!parsed.success) throw invalid(parsed.error)
  const { firstName, lastName, email, profession } = parsed.data
  const { auth, limiters } = await getAccounts()
  const logger = getLogger().child({ module: 'accounts' })

  const ip = clientIpOf(headers)
  // An address locked out by failed logins cannot sign in, so neither can it sign up (the new account
  // would be created and then not signed in): refused before anything is counted or written.
  if ((await limiters.loginFailuresByIp.retryAfterSeconds(ip)) > 0)
    throw new AppError('too_many_requests', it.accounts.login.tooManyAttempts)
  await limiters.signupsByIp.hit(ip, it.accounts.signup.tooManyRequests)

  // The marketing contact is recorded even when the sign-up fails (an existing e-mail, for one).
  try {
    await recordContact({
      email,
      firstName,
      lastName,
      profession,
      product: TRIAL_PRODUCT,
      source: 'trial-signup',
    })
  } catch (error) {
    logger.error({ err: error }, 'Contatto commerciale non registrato')
  }

  const password = generatePassword()
  const passwordHash = await hashPassword(password)
  const trialEndsAt = trialEnd(new Date())
  const userId = await inTransaction(async (client) => {
    const id = await insertAccount(client, {
      email,
      firstName,
      lastName,
      profession,
      accountType: 'trial',
      trialEndsAt,
      passwordHash,
    })
    if (!id) return null
    await enqueueMail(client, {
      to: email,
      template: 'welcome',
      data: { name: `${firstName} ${lastName}`, email, password },
      dedupeKey: `welcome:${id}`,
    })
    return id
  })
  if (!userId) throw new AppError('conflict', it.accounts.signup.failed, { field: 'email' })

  const signedIn = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers,
    returnHeaders: true,
  })
  logger.info({ userId }, 'Account di prova creato')
  return { userId, email, trialEndsAt, setCookies: signedIn.headers.getSetCookie() }
}
