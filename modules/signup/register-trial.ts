/**
 * E-mail sign-ups: the trial sign-up (a 7-day trial account, the marketing
 * contact recorded whatever happens) and the sign-up before purchase (a
 * standard account without trial, then the marketing contact naming the
 * plan). Both generate a password, mail it with the welcome e-mail and sign
 * the new account in. The address is not confirmed until the welcome mail's
 * confirmation link is opened (address-confirmation.ts).
 */
import {
  ADDRESS_CONFIRMATION_MINUTES,
  addressConfirmationLink,
  clientIpOf,
  generatePassword,
  getAccounts,
  hashPassword,
  inTransaction,
  insertAccount,
  trialEnd,
} from '../accounts/index.ts'
import { recordContact, type ContactSource } from '../contacts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getLogger, tooManyRequests } from '../platform/index.ts'
import { signupLimiter } from './limits.ts'
import { trialSignupSchema, type TrialSignupInput } from './schemas.ts'

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

/** The form's fields; checked by `trialSignupSchema`. */
type SignupFields = {
  firstName: string
  lastName: string
  email: string
  profession?: string | null | undefined
}

type Registration = {
  input: SignupFields
  headers: Headers
  accountType: 'trial' | 'standard'
  trialEndsAt: Date | null
  /** The marketing contact: before the account (recorded even when it fails) or after it. */
  contact: { product: string; source: ContactSource; when: 'before' | 'after' }
}

async function register(registration: Registration): Promise<{ userId: string; setCookies: string[] }> {
  const parsed = trialSignupSchema.safeParse(registration.input)
  if (!parsed.success) throw invalid(parsed.error)
  const { firstName, lastName, email, profession } = parsed.data
  const { auth, limiters } = await getAccounts()
  const logger = getLogger().child({ module: 'signup' })

  const ip = clientIpOf(registration.headers)
  // An address locked out by failed logins cannot sign in, so neither can it sign up (the new account
  // would be created and then not signed in): refused before anything is counted or written.
  const lockedOutFor = await limiters.loginFailuresByIp.retryAfterSeconds(ip)
  if (lockedOutFor > 0) throw tooManyRequests(it.accounts.login.tooManyAttempts, lockedOutFor)
  await (await signupLimiter()).hit(ip, it.accounts.signup.tooManyRequests)

  const contact = async () => {
    try {
      await recordContact({
        email,
        firstName,
        lastName,
        profession,
        product: registration.contact.product,
        source: registration.contact.source,
      })
    } catch (error) {
      logger.error({ err: error }, 'Contatto commerciale non registrato')
    }
  }
  if (registration.contact.when === 'before') await contact()

  const password = generatePassword()
  const passwordHash = await hashPassword(password)
  const userId = await inTransaction(async (client) => {
    const id = await insertAccount(client, {
      email,
      firstName,
      lastName,
      profession,
      accountType: registration.accountType,
      trialEndsAt: registration.trialEndsAt,
      emailVerified: false,
      passwordHash,
    })
    if (!id) return null
    await enqueueMail(client, {
      to: email,
      template: 'welcome',
      data: {
        name: `${firstName} ${lastName}`,
        email,
        password,
        confirmUrl: await addressConfirmationLink({ id, email }),
        confirmValidForMinutes: ADDRESS_CONFIRMATION_MINUTES,
      },
      dedupeKey: `welcome:${id}`,
    })
    return id
  })
  if (!userId) throw new AppError('conflict', it.accounts.signup.failed, { field: 'email' })
  if (registration.contact.when === 'after') await contact()

  const signedIn = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: registration.headers,
    returnHeaders: true,
  })
  logger.info({ userId, accountType: registration.accountType }, 'Account creato')
  return { userId, setCookies: signedIn.headers.getSetCookie() }
}

/**
 * Registers a trial account. `headers` are the request's (client address,
 * user agent). Throws AppError: 400 for bad input, 409 when the e-mail is
 * already registered (the account is left untouched), 429 beyond the limit.
 */
export async function registerTrial(input: TrialSignupInput, headers: Headers): Promise<RegisterTrialResult> {
  const trialEndsAt = trialEnd(new Date())
  const { userId, setCookies } = await register({
    input,
    headers,
    accountType: 'trial',
    trialEndsAt,
    contact: { product: TRIAL_PRODUCT, source: 'trial-signup', when: 'before' },
  })
  return { userId, email: input.email.trim().toLowerCase(), trialEndsAt, setCookies }
}

/**
 * The sign-up before purchase (§4): a standard account (no trial: the plan
 * starts with the payment), the welcome e-mail with the generated password,
 * then the marketing contact naming the plan. Same errors as `registerTrial`.
 */
export async function registerForPurchase(
  input: SignupFields & { product: string },
  headers: Headers,
): Promise<{ userId: string; email: string; setCookies: string[] }> {
  const { userId, setCookies } = await register({
    input: {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      profession: input.profession,
    },
    headers,
    accountType: 'standard',
    trialEndsAt: null,
    contact: { product: input.product, source: 'purchase-signup', when: 'after' },
  })
  return { userId, email: input.email.trim().toLowerCase(), setCookies }
}
