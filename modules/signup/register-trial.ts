/**
 * E-mail sign-ups: the trial sign-up (a 7-day trial account, the marketing
 * contact recorded whatever happens) and the sign-up before purchase (a
 * standard account without trial, then the marketing contact naming the
 * plan). Both generate a password and mail it with the welcome e-mail. The
 * address is not confirmed until the welcome mail's confirmation link is
 * opened (address-confirmation.ts).
 *
 * The trial sign-up answers the same whether the address is new or already
 * has an account, so nobody learns from it which addresses are registered:
 * it signs nobody in (the password is in the welcome mail), and the owner of
 * an existing account is told by mail instead (once a day at most).
 */
import {
  ADDRESS_CONFIRMATION_MINUTES,
  addressConfirmationLink,
  clientIpOf,
  findAccountByEmail,
  generatePassword,
  getAccounts,
  hashPassword,
  inTransaction,
  insertAccount,
  romeDay,
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

/** What a trial sign-up answers: the same for a new address and for one already registered. */
export type RegisterTrialResult = {
  email: string
  trialEndsAt: Date
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

/** A new account (its id and generated password), or the id of the account that already has the address. */
type Registered =
  | { kind: 'created'; userId: string; email: string; password: string }
  | { kind: 'existing'; userId: string; email: string; name: string }

async function register(registration: Registration): Promise<Registered> {
  const parsed = trialSignupSchema.safeParse(registration.input)
  if (!parsed.success) throw invalid(parsed.error)
  const { firstName, lastName, email, profession } = parsed.data
  const { limiters } = await getAccounts()
  const logger = getLogger().child({ module: 'signup' })

  const ip = clientIpOf(registration.headers)
  // An address locked out by failed logins opens no account either (nor mails the owners of existing
  // ones): refused before anything is counted or written.
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
  if (!userId) {
    const existing = await findAccountByEmail(email)
    if (!existing) throw new AppError('conflict', it.accounts.signup.failed, { field: 'email' })
    return { kind: 'existing', userId: existing.id, email, name: existing.name }
  }
  if (registration.contact.when === 'after') await contact()
  logger.info({ userId, accountType: registration.accountType }, 'Account creato')
  return { kind: 'created', userId, email, password }
}

/**
 * Tells the owner of an existing account that a trial was asked for with its address: nothing was
 * created, how to sign in. One such mail a day per account, however many times the form is sent.
 */
async function mailExistingOwner(account: { userId: string; email: string; name: string }, now: Date) {
  const { button, paragraphs, ...heading } = it.accounts.signup.existingMail
  const { pool } = await getAccounts()
  await enqueueMail(pool, {
    to: account.email,
    template: 'notice',
    data: {
      ...heading,
      ...(account.name ? { name: account.name } : {}),
      paragraphs: [...paragraphs],
      button: { label: button, url: '/accedi' },
    },
    dedupeKey: `trial-signup-existing:${account.userId}:${romeDay(now)}`,
  })
}

/**
 * Registers a trial account and mails its password. `headers` are the request's (client address).
 * An address that already has an account gets the same answer, and its owner a mail saying so; the
 * account is left untouched. Throws AppError: 400 for bad input, 429 beyond the limit.
 */
export async function registerTrial(
  input: TrialSignupInput,
  headers: Headers,
  now = new Date(),
): Promise<RegisterTrialResult> {
  const trialEndsAt = trialEnd(now)
  const registered = await register({
    input,
    headers,
    accountType: 'trial',
    trialEndsAt,
    contact: { product: TRIAL_PRODUCT, source: 'trial-signup', when: 'before' },
  })
  if (registered.kind === 'existing') await mailExistingOwner(registered, now)
  return { email: registered.email, trialEndsAt }
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
  const registered = await register({
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
  // The buyer continues to the checkout signed in; an address already registered is told to sign in (409).
  if (registered.kind === 'existing')
    throw new AppError('conflict', it.accounts.signup.failed, { field: 'email' })
  const { auth } = await getAccounts()
  const signedIn = await auth.api.signInEmail({
    body: { email: registered.email, password: registered.password, rememberMe: true },
    headers,
    returnHeaders: true,
  })
  return { userId: registered.userId, email: registered.email, setCookies: signedIn.headers.getSetCookie() }
}
