/**
 * The sender: takes due mails from the outbox one at a time, each in its own
 * transaction with its row locked (`for update skip locked`, so several
 * instances never send the same mail), sends it and records the outcome in the
 * same transaction. A failed attempt is retried with exponential backoff; after
 * the last attempt, or at once for a mail that can never be delivered, the row
 * is marked failed for operators to see.
 *
 * The worker polls every `intervalMs` and also listens on the outbox channel,
 * so a mail committed by any instance is sent at once.
 */
import type { Pool, PoolClient } from 'pg'
import type { Logger } from 'pino'
import { getEnv } from '../platform/index.ts'
import { OUTBOX_CHANNEL } from './outbox.ts'
import { MailDataError, renderMail } from './templates.ts'
import type { MailTransport } from './transport.ts'

export type RetryPolicy = {
  /** Attempts before a mail is marked failed. */
  maxAttempts: number
  /** Delay after the first failure; doubled after each further one. */
  baseDelayMs: number
  /** The longest delay between two attempts. */
  maxDelayMs: number
}

/** 15 attempts, from 30 seconds to one hour apart: a mail server may be down for about 8 hours before a mail is given up. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 15,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
}

/** Delay before the next attempt after `attempts` failed ones (exponential, capped, ±10% jitter so instances spread out). */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1)
  const capped = Math.min(policy.maxDelayMs, exponential)
  return Math.round(capped * (0.9 + 0.2 * random()))
}

/** True for an error retrying cannot cure: bad template data, or the server refusing the recipient for good (5xx). */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof MailDataError) return true
  const smtp = error as { code?: string; responseCode?: number }
  return smtp.code === 'EENVELOPE' && typeof smtp.responseCode === 'number' && smtp.responseCode >= 500
}

export type MailWorkerOptions = {
  pool: Pool
  transport: MailTransport
  logger: Logger
  /** Time between two polls of the outbox; MAIL_WORKER_INTERVAL_MS by default. */
  intervalMs?: number
  retry?: Partial<RetryPolicy>
  /** Sender address; MAIL_FROM by default. */
  from?: string
  /** Base of relative links in mails; the portal's public URL by default. */
  publicUrl?: string
  /** Listen for new mails on the outbox channel (default true). */
  listen?: boolean
}

export type MailWorker = {
  /** Sends every due mail now; resolves with how many were handled (sent or failed). */
  runOnce: () => Promise<number>
  /** Stops polling and listening, after the mail being sent, if any. */
  stop: () => Promise<void>
}

type OutboxRow = {
  id: string
  recipient: string
  template: string
  data: unknown
  attempts: number
  created_at: Date
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000)

/** Starts the sender. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const env = getEnv()
  const { pool, transport, logger } = options
  const intervalMs = options.intervalMs ?? env.MAIL_WORKER_INTERVAL_MS
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry }
  const from = options.from ?? env.MAIL_FROM
  const publicUrl = options.publicUrl ?? env.publicUrl
  const messageDomain = new URL(publicUrl).hostname

  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let listener: PoolClient | undefined
  let connecting: Promise<void> | undefined
  let releaseListener: () => Promise<void> = async () => {}

  /** Sends one due mail; false when none is due. */
  const sendNext = async (): Promise<boolean> => {
    const client = await pool.connect()
    try {
      await client.query('begin')
      const claimed = await client.query<OutboxRow>(
        `select id, recipient, template, data, attempts, created_at from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id
          limit 1
          for update skip locked`,
      )
      const row = claimed.rows[0]
      if (!row) {
        await client.query('commit')
        return false
      }
      const attempt = row.attempts + 1
      try {
        const mail = renderMail(row.template, row.data, { publicUrl })
        const info = (await transport.sendMail({
          from,
          to: row.recipient,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          // Stable per outbox row: a mail sent again after a crash carries the same Message-ID.
          messageId: `<outbox-${row.id}.${row.created_at.getTime()}@${messageDomain}>`,
          ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe } } : {}),
        })) as { messageId?: string }
        await client.query(
          `update mail_outbox set status = 'sent', attempts = $2, sent_at = now(), updated_at = now(),
                  data = null, last_error = null, message_id = $3
            where id = $1`,
          [row.id, attempt, info.messageId ?? null],
        )
        logger.info({ outboxId: row.id, template: row.template, attempt }, 'E-mail inviata')
      } catch (error) {
        const permanent = isPermanentFailure(error)
        if (permanent || attempt >= policy.maxAttempts) {
          await client.query(
            `update mail_outbox set status = 'failed', attempts = $2, last_error = $3, updated_at = now() where id = $1`,
            [row.id, attempt, errorText(error)],
          )
          logger.error(
            { outboxId: row.id, template: row.template, attempt, err: error },
            'E-mail non recapitata: invio abbandonato',
          )
        } else {
          const delay = retryDelayMs(attempt, policy)
          await client.query(
            `update mail_outbox set attempts = $2, last_error = $3, updated_at = now(),
                    next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
              where id = $1`,
            [row.id, attempt, errorText(error), delay],
          )
          logger.warn(
            { outboxId: row.id, template: row.template, attempt, retryInMs: delay, error: errorText(error) },
            'Invio e-mail non riuscito: nuovo tentativo più tardi',
          )
        }
      }
      await client.query('commit')
      return true
    } catch (error) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        logger.warn({ err: rollbackError }, 'Rollback della coda e-mail non riuscito')
      })
      throw error
    } finally {
      client.release()
    }
  }

  const drain = async (): Promise<number> => {
    let handled = 0
    while (!stopped && (await sendNext())) handled += 1
    return handled
  }

  /** One pass at a time; a wake-up during a pass runs another right after it. */
  const runOnce = (): Promise<number> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await drain()
      } while (again && !stopped)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'Coda e-mail non raggiungibile: riprovo più tardi'),
        )
        .finally(() => {
          void ensureListening()
          schedule()
        })
    }, intervalMs)
    timer.unref()
  }

  const wake = () => {
    if (stopped) return
    runOnce().catch((error: unknown) =>
      logger.warn({ err: error }, 'Invio delle e-mail in coda non riuscito'),
    )
  }

  const ensureListening = (): Promise<void> => {
    if (options.listen === false || listener || stopped) return Promise.resolve()
    connecting ??= listen().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  /** Connects a client that LISTENs on the outbox channel; on any failure the worker simply keeps polling. */
  const listen = async () => {
    let client: PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      logger.warn(
        { err: error },
        'Ascolto della coda e-mail non riuscito: proseguo con il controllo periodico',
      )
      return
    }
    let released = false
    const onNotification = (message: { channel: string }) => {
      if (message.channel === OUTBOX_CHANNEL) wake()
    }
    const release = (error?: Error) => {
      if (released) return
      released = true
      client.off('notification', onNotification)
      client.off('error', onError)
      if (listener === client) listener = undefined
      client.release(error)
    }
    const onError = (error: Error) => {
      logger.warn({ err: error }, 'Ascolto della coda e-mail interrotto: proseguo con il controllo periodico')
      release(error)
    }
    client.on('notification', onNotification)
    client.on('error', onError)
    try {
      await client.query(`listen ${OUTBOX_CHANNEL}`)
    } catch (error) {
      logger.warn(
        { err: error },
        'Ascolto della coda e-mail non riuscito: proseguo con il controllo periodico',
      )
      release(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (released) return
    if (stopped) {
      release()
      return
    }
    listener = client
    releaseListener = async () => {
      await client.query(`unlisten ${OUTBOX_CHANNEL}`).catch((error: unknown) => {
        logger.warn({ err: error }, "Chiusura dell'ascolto della coda e-mail non riuscita")
      })
      release()
    }
  }

  void ensureListening()
  // Mails left due by an earlier run go out right away.
  wake()
  schedule()

  return {
    runOnce,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running?.catch((error: unknown) =>
        logger.warn({ err: error }, 'Ultimo invio e-mail non riuscito'),
      )
      await connecting
      if (listener) await releaseListener()
    },
  }
}
