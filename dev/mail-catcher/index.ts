/**
 * The embedded mail catcher (embedded mode without SMTP_URL): an SMTP server
 * on loopback that the outbox's sender delivers to, and its mailbox at
 * /dev/posta. The outbox and the sender stay in modules/mail.
 */

/** The SMTP catcher: every mail kept in memory and in DATA_DIR/mailbox.jsonl (0600). */
export { startMailCatcher, type MailCatcher, type MailCatcherOptions, type CaughtMessage } from './catcher.ts'
/** The sender's transport to the catcher. */
export { createCatcherTransport } from './transport.ts'
/** The mailbox page and its JSON, served at /dev/posta. */
export { renderMailbox, mailboxJson } from './mailbox-page.ts'
