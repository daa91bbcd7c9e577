import type { CollectionConfig } from 'payload'
import { renderMail } from '../../../modules/mail/index.ts'
import { getEnv } from '../../../modules/platform/index.ts'

type ForgotPassword = Exclude<NonNullable<CollectionConfig['auth']>, boolean>['forgotPassword']

const VALID_FOR_MINUTES = 60

/** The reset mail of an editor: the portal's Italian password-reset mail, with the link to the admin's reset page. */
function resetMail(args: Parameters<NonNullable<NonNullable<ForgotPassword>['generateEmailHTML']>>[0]) {
  const { publicUrl } = getEnv()
  const { routes, admin } = args?.req?.payload.config ?? {}
  const user = args?.user as { email?: string; name?: string | null } | undefined
  return renderMail(
    'passwordReset',
    {
      email: user?.email ?? '',
      ...(user?.name ? { name: user.name } : {}),
      // The public address, never the request's Host: a forged Host must not put its own link in the mail.
      resetUrl: `${publicUrl}${routes?.admin ?? '/admin'}${admin?.routes?.reset ?? '/reset'}/${args?.token ?? ''}`,
      validForMinutes: VALID_FOR_MINUTES,
    },
    { publicUrl },
  )
}

/** How long a reset link is valid, and the Italian mail that carries it. */
export const editorPasswordReset: ForgotPassword = {
  expiration: VALID_FOR_MINUTES * 60 * 1000,
  generateEmailHTML: (args) => resetMail(args).html,
  generateEmailSubject: (args) => resetMail(args).subject,
}
