/**
 * A nodemailer transport that sends nothing itself: it writes each message
 * into the outbox as a `composed` mail, one row per recipient, and the sender
 * delivers it like every other mail (MAIL_FROM, SMTP_URL or the embedded
 * catcher, retries). The CMS's mail adapter uses it, so an editor's password
 * reset takes the same road as a subscriber's.
 */
import { createTransport, type MailMessage, type SentMessageInfo, type Transport } from 'nodemailer'
import { enqueueMail, type SqlExecutor } from './outbox.ts'
import type { MailTransport } from './transport.ts'

/** The message's parts as text; a part given as a stream or file is refused (nothing composes those here). */
function textPart(mail: MailMessage, key: 'subject' | 'html' | 'text'): string | undefined {
  const value: unknown = mail.data[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'string') return value
  if (Buffer.isBuffer(value)) return value.toString('utf8')
  throw new Error(`Outbox: la parte «${key}» del messaggio deve essere un testo`)
}

async function enqueueMessage(executor: SqlExecutor, mail: MailMessage): Promise<SentMessageInfo> {
  const envelope = mail.message.getEnvelope()
  const subject = textPart(mail, 'subject')
  const html = textPart(mail, 'html')
  const text = textPart(mail, 'text')
  if (!subject || !html) throw new Error('Outbox: un messaggio composto ha bisogno di oggetto e HTML')
  const ids: number[] = []
  for (const to of envelope.to) {
    const { id } = await enqueueMail(executor, {
      to,
      template: 'composed',
      data: { subject, html, ...(text ? { text } : {}) },
    })
    ids.push(id)
  }
  return { envelope, messageId: `<outbox-${ids.join('-')}>`, accepted: envelope.to, rejected: [] }
}

/** A transport that writes every message into the outbox, with the executor `executor()` returns when it is sent. */
export function createOutboxTransport(executor: () => SqlExecutor): MailTransport {
  const transport: Transport = {
    name: 'mail-outbox',
    version: '1',
    send(mail, callback) {
      enqueueMessage(executor(), mail).then(
        (info) => callback(null, info),
        (error: unknown) => callback(error as Parameters<typeof callback>[0], undefined as never),
      )
    },
  }
  return createTransport(transport)
}
