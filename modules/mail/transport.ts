/**
 * The nodemailer transport to the SMTP server of SMTP_URL (embedded mode's
 * catcher brings its own, `dev/mail-catcher`). Timeouts are short so an unreachable
 * server fails an attempt quickly and the outbox retries it later.
 */
import { createTransport, type Transporter } from 'nodemailer'

/** A nodemailer transporter (what the sender needs: sendMail and close). */
export type MailTransport = Transporter

const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }

/** A transport to the SMTP server of a `smtp://` or `smtps://` URL (user, password and options such as `?pool=true` in the URL). */
export function createSmtpTransport(url: string): MailTransport {
  return createTransport({ url, ...timeouts })
}
