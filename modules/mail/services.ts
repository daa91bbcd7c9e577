/**
 * E-mail delivery as the server runs it: with SMTP_URL, the sender to that
 * server; without it, the sender to the transport the server hands it (in
 * embedded mode the catcher of dev/mail-catcher, on loopback); in production
 * without SMTP_URL no sender at all, and mails wait in the outbox until one is
 * configured.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { getEnv } from '../platform/index.ts'
import { createSmtpTransport, type MailTransport } from './transport.ts'
import { startMailWorker, type MailWorker } from './worker.ts'

export type MailServices = {
  /** Stops the sender and its SMTP connections. */
  close: () => Promise<void>
}

/**
 * Starts the sender over the given pool: to SMTP_URL, or without it to
 * `localTransport` (embedded mode: the catcher's, which its owner stops).
 */
export async function startMailServices(options: {
  pool: Pool
  logger: Logger
  localTransport?: MailTransport
}): Promise<MailServices> {
  const env = getEnv()
  const { pool, logger, localTransport } = options
  let worker: MailWorker | undefined
  let transport: MailTransport | undefined

  if (env.SMTP_URL) {
    transport = createSmtpTransport(env.SMTP_URL)
    worker = startMailWorker({ pool, logger, transport })
    logger.info({ host: new URL(env.SMTP_URL).hostname }, 'Invio e-mail tramite il server SMTP configurato')
  } else if (localTransport) {
    transport = localTransport
    worker = startMailWorker({ pool, logger, transport })
  } else {
    logger.warn(
      'SMTP_URL non impostato: le e-mail restano nella coda di invio finché non viene configurato un server SMTP',
    )
  }

  return {
    close: async () => {
      await worker?.stop()
      transport?.close()
    },
  }
}
