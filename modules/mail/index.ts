/** E-mail: Italian templates on one layout, a transactional outbox and its sender (embedded mode's catcher lives in dev/). */

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
/** The nodemailer transport to SMTP_URL, and what a transport is to the sender. */
export { createSmtpTransport, type MailTransport } from './transport.ts'
/** A nodemailer transport that writes each message into the outbox (the CMS's mails: an editor's password reset). */
export { createOutboxTransport } from './outbox-transport.ts'
/** The SQL of the outbox table, applied by the Payload migrations `20261122_235910_mail_outbox` and `20261207_160000_hashed_verifications`. */
export { mailOutboxSchemaV1, mailOutboxTokenKeysV1 } from './sql.ts'
/** The server's e-mail delivery: the sender over SMTP_URL, or over the transport the server hands it (embedded mode's catcher). */
export { startMailServices, type MailServices } from './services.ts'
/** Retention: the rows of mails sent more than 90 days ago are deleted. */
export { purgeSentMail, SENT_MAIL_DAYS } from './purge-sent-mail.ts'
