/**
 * E-mail delivery as the server runs it: with SMTP_URL, the sender to that
 * server; in embedded mode without it, the catcher on loopback and the sender
 * to the catcher; in production without SMTP_URL no sender at all, and mails
 * wait in the outbox until one is configured.
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { getEnv } from '../platform/index.ts'
import { startMailCatcher, type MailCatcher } from './catcher.ts'
import { createCatcherTransport, createSmtpTransport, type MailTransport } from './transport.ts'
import { startMailWorker, type MailWorker } from './worker.ts'

export type MailServices = {
  /** The embedded catcher, when it runs (embedded mode without SMTP_URL): the server then serves /dev/posta. */
  catcher: MailCatcher | undefined
  /** Stops the sender and its SMTP connections, then the catcher. */
  close: () => Promise<void>
}

/** Starts the sender (and in embedded mode the catcher) over the given pool. */
export async function startMailServices(options: { pool: Pool; logger: Logger }): Promise<MailServices> {
  const env = getEnv()
  const { pool, logger } = options
  let catcher: MailCatcher | undefined
  let worker: MailWorker | undefined
  let transport: MailTransport | undefined

  if (env.SMTP_URL) {
    transport = createSmtpTransport(env.SMTP_URL)
    worker = startMailWorker({ pool, logger, transport })
    logger.info({ host: new URL(env.SMTP_URL).hostname }, 'Invio e-mail tramite il server SMTP configurato')
  } else if (env.embedded) {
    catcher = await startMailCatcher({ port: 0, logger })
    transport = createCatcherTransport(catcher.port)
    worker = startMailWorker({ pool, logger, transport })
    logger.info({ smtpPort: catcher.port }, 'Posta di prova attiva: le e-mail si leggono su /dev/posta')
  } else {
    logger.warn(
      'SMTP_URL non impostato: le e-mail restano nella coda di invio finché non viene configurato un server SMTP',
    )
  }

  return {
    catcher,
    close: async () => {
      await worker?.stop()
      transport?.close()
      await catcher?.stop()
    },
  }
}
