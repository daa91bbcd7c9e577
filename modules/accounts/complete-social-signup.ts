/**
 * The second step of a sign-up through Google or Facebook
 * (/registrati/setupsocial): the profession is recorded on the account and on
 * the marketing contact, the account's 'registration not completed' mark is
 * cleared and the welcome mail is sent, once. When the provider did not vouch
 * for the address (Facebook), the welcome mail carries its confirmation link.
 */
import type { PoolClient } from 'pg'
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getLogger } from '../platform/index.ts'
import { addressConfirmationLink } from './address-confirmation.ts'
import { authTables } from './auth.ts'
import { recordContact } from './contacts.ts'
import { trialProfessions, type TrialProfession } from './professions.ts'
import { TRIAL_PRODUCT } from './register-trial.ts'
import type { SignedInUser } from './session.ts'
import { socialProviderIds, type SocialProviderId } from './social.ts'
import { inTransaction } from './users.ts'

/** The profession of the set-up form: one of the trial list (the placeholder is refused). */
export const socialSetupSchema = z.object({
  profession: z.enum(trialProfessions, { message: it.accounts.socialSetup.professionRequired }),
})

export type CompleteSocialSignupResult = {
  /** False when the registration had already been completed (nothing is written again). */
  completed: boolean
}

/** The provider the account signed up with (the first one linked). */
async function signupProvider(client: PoolClient, userId: string): Promise<SocialProviderId> {
  const result = await client.query<{ provider_id: SocialProviderId }>(
    `select provider_id from ${authTables.account}
      where user_id = $1 and provider_id = any($2) order by created_at limit 1`,
    [userId, [...socialProviderIds]],
  )
  return result.rows[0]?.provider_id ?? 'google'
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
  const logger = getLogger().child({ module: 'accounts' })

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
    const updated = await client.query(
      `update ${authTables.user}
          set profession = $2, social_setup_pending = false, updated_at = now()
        where id = $1 and social_setup_pending`,
      [user.id, profession],
    )
    if (updated.rowCount === 0) return false
    const provider = it.accounts.social.providers[await signupProvider(client, user.id)]
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
