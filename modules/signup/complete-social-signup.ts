/**
 * The second step of a sign-up through Google or Facebook
 * (/registrati/setupsocial): the profession is recorded on the account and on
 * the marketing contact, the account's 'registration not completed' mark is
 * cleared and the welcome mail is sent, once. When the provider did not vouch
 * for the address (Facebook), the welcome mail carries its confirmation link.
 */
import {
  addressConfirmationLink,
  completeSocialSetup,
  inTransaction,
  signupProviderOf,
  type SignedInUser,
  type TrialProfession,
} from '../accounts/index.ts'
import { recordContact } from '../contacts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getLogger } from '../platform/index.ts'
import { TRIAL_PRODUCT } from './register-trial.ts'
import { socialSetupSchema } from './schemas.ts'

export type CompleteSocialSignupResult = {
  /** False when the registration had already been completed (nothing is written again). */
  completed: boolean
}

/**
 * Completes the registration of `user` with `profession`. Throws
 * AppError('bad_request') for a missing or unknown profession.
 */
export async function completeSocialSignup(
  user: SignedInUser,
  input: { profession: TrialProfession | string | null | undefined },
): Promise<CompleteSocialSignupResult> {
  const parsed = socialSetupSchema.safeParse(input)
  if (!parsed.success) {
    throw new AppError('bad_request', it.accounts.socialSetup.professionRequired, { field: 'professione' })
  }
  if (!user.socialSetupPending) return { completed: false }
  const { profession } = parsed.data
  const logger = getLogger().child({ module: 'signup' })

  try {
    await recordContact({
      email: user.email,
      firstName: user.firstName ?? undefined,
      lastName: user.lastName ?? undefined,
      name: user.name,
      profession,
      product: TRIAL_PRODUCT,
      source: 'social-signup',
    })
  } catch (error) {
    logger.error({ err: error }, 'Contatto commerciale non registrato')
  }

  const completed = await inTransaction(async (client) => {
    if (!(await completeSocialSetup(client, user.id, profession))) return false
    const provider = it.accounts.social.providers[await signupProviderOf(client, user.id)]
    const t = it.accounts.socialWelcome
    const confirm = it.mail.welcome
    await enqueueMail(client, {
      to: user.email,
      template: 'notice',
      data: {
        subject: t.subject,
        title: t.title,
        name: user.name || undefined,
        paragraphs: user.emailVerified
          ? t.paragraphs(provider)
          : [...t.paragraphs(provider), confirm.confirm],
        button: user.emailVerified
          ? { label: t.button, url: '/bancadati' }
          : { label: confirm.confirmButton, url: await addressConfirmationLink(user) },
      },
      // The key of every welcome mail of the account: never sent twice.
      dedupeKey: `welcome:${user.id}`,
    })
    return true
  })
  if (completed) logger.info({ userId: user.id }, 'Registrazione con account social completata')
  return { completed }
}
