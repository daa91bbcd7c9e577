/** E-mail: Italian templates on one layout, a transactional outbox, the sender, and the embedded catcher with its mailbox page. */

/** Writes a mail into the outbox with the caller's SQL executor (inside its transaction); idempotent with a dedupe key. */
export { enqueueMail, type MailRequest, type EnqueueResult, type SqlExecutor } from './outbox.ts'
/** Deleting an account: its waiting mails dropped, its address removed from the mails sent. */
export { eraseRecipient, ERASED_RECIPIENT } from './outbox.ts'
/** Pending and failed mails, for operators. */
export { outboxOverview, type OutboxOverview, type FailedMail } from './outbox.ts'
/** The outbox's backlog (pending, failed, age of the oldest pending mail), for the metrics. */
export { outboxBacklog, type OutboxBacklog } from './outbox.ts'
/** The templates (welcome, passwordReset, emailChanged, addressConfirmation, notice, composed), their data types and the renderer. */
export {
  mailTemplates,
  renderMail,
  formatDuration,
  MailDataError,
  type MailTemplateName,
  type MailTemplateData,
} from './templates.ts'
/** Template data types. */
export type {
  WelcomeData,
  PasswordResetData,
  EmailChangedData,
  AddressConfirmationData,
  NoticeData,
  ComposedData,
} from './schemas.ts'
/** What a rendered mail is made of, and the context it is rendered in. */
export type { RenderedMail, RenderContext } from './layout.ts'
/** The sender: polls and listens to the outbox, sends with retries and backoff, stops cleanly. */
export {
  startMailWorker,
  retryDelayMs,
  defaultRetryPolicy,
  type MailWorker,
  type MailWorkerOptions,
  type RetryPolicy,
} from './worker.ts'
/** nodemailer transports: SMTP_URL, or the embedded catcher. */
export { createSmtpTransport, createCatcherTransport, type MailTransport } from './transport.ts'
/** A nodemailer transport that writes each message into the outbox (the CMS's mails: an editor's password reset). */
export { createOutboxTransport } from './outbox-transport.ts'
/** The embedded SMTP catcher (embedded mode only). */
export { startMailCatcher, type MailCatcher, type MailCatcherOptions, type CaughtMessage } from './catcher.ts'
/** The mailbox page and its JSON, served at /dev/posta in embedded mode. */
export { renderMailbox, mailboxJson } from './mailbox-page.ts'
/** The SQL of the outbox table, applied by the Payload migrations `20261122_235910_mail_outbox` and `20261207_160000_hashed_verifications`. */
export { mailOutboxSchemaV1, mailOutboxTokenKeysV1 } from './sql.ts'
/** The server's e-mail delivery: the sender over SMTP_URL, or the catcher and the sender in embedded mode. */
export { startMailServices, type MailServices } from './services.ts'
/** Retention: the rows of mails sent more than 90 days ago are deleted. */
export { purgeSentMail, SENT_MAIL_DAYS } from './purge-sent-mail.ts'
