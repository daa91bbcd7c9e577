/**
 * The sender's transport to the embedded catcher on loopback: plain SMTP, no
 * authentication, the same short timeouts as the transport to SMTP_URL.
 */
import { createTransport } from 'nodemailer'
import type { MailTransport } from '../../modules/mail/index.ts'

export function createCatcherTransport(port: number): MailTransport {
  return createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  })
}
