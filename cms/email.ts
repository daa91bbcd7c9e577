import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import type { Pool } from 'pg'
import type { EmailAdapter } from 'payload'
import { poolOf } from '../modules/cms/index.ts'
import { createOutboxTransport } from '../modules/mail/index.ts'
import { getEnv } from '../modules/platform/index.ts'

/**
 * Payload's own mails (an editor's password reset) go into the portal's
 * outbox, through a nodemailer transport that writes there: the portal's
 * sender then delivers them from MAIL_FROM over SMTP_URL, or to the embedded
 * catcher (`/dev/posta`), with the same retries as every other mail.
 */
export async function cmsEmail(): Promise<EmailAdapter> {
  const [sender] = addressparser(getEnv().MAIL_FROM, { flatten: true })
  let pool: Pool | undefined
  const adapter = await nodemailerAdapter({
    defaultFromAddress: sender?.address || 'noreply@bancadati.local',
    defaultFromName: sender?.name || 'Banca Dati CCNL',
    // Nothing to verify: the transport only writes to the database.
    skipVerify: true,
    transport: createOutboxTransport(() => {
      if (!pool) throw new Error('Outbox: il CMS non è ancora connesso al database')
      return pool
    }),
  })
  return (args) => {
    // The outbox is written with Payload's own pool, the portal's database connection.
    pool = poolOf(args.payload)
    return adapter(args)
  }
}
