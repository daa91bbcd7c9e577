/**
 * Messages between the instances of the portal through Postgres LISTEN/NOTIFY:
 * one dedicated connection (with the pool's settings) listens on a channel and
 * reconnects after a failure; sending is a `pg_notify` on the pool.
 */
import pg, { type Pool } from 'pg'
import type { Logger } from 'pino'

/** Wait before a lost listening connection is opened again. */
const RECONNECT_MS = 1000

export type ChannelListener = { close: () => Promise<void> }

/** Postgres channel names are identifiers: lower-case letters, digits and underscores here. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Nome di canale non valido: ${channel}`)
  return channel
}

/**
 * Listens on `channel` until closed. `onMessage` receives each payload;
 * `onReconnect` runs after a lost connection is back (messages sent meanwhile were missed).
 */
export async function listenOnChannel(options: {
  pool: Pool
  channel: string
  logger: Logger
  onMessage: (payload: string) => void
  onReconnect?: () => void
}): Promise<ChannelListener> {
  const channel = checkedChannel(options.channel)
  let client: pg.Client | undefined
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const connect = async (): Promise<void> => {
    const next = new pg.Client(options.pool.options)
    next.on('notification', (message) => {
      if (message.channel === channel) options.onMessage(message.payload ?? '')
    })
    next.on('error', (error) => {
      options.logger.warn({ err: error, channel }, 'Connessione di ascolto persa: la riapro')
      retry(next)
    })
    next.on('end', () => retry(next))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
    } catch (error) {
      await next
        .end()
        .catch((closing: unknown) =>
          options.logger.debug({ err: closing }, 'Chiusura della connessione non riuscita'),
        )
      throw error
    }
    client = next
  }

  const scheduleConnect = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      if (closed) return
      connect().then(
        () => options.onReconnect?.(),
        (error: unknown) => {
          options.logger.warn({ err: error, channel }, 'Riapertura della connessione di ascolto non riuscita')
          scheduleConnect()
        },
      )
    }, RECONNECT_MS)
    timer.unref()
  }

  const retry = (lost: pg.Client) => {
    if (closed || client !== lost) return
    client = undefined
    lost
      .end()
      .catch((error: unknown) => options.logger.debug({ err: error }, 'Chiusura della connessione persa'))
    scheduleConnect()
  }

  await connect()
  return {
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = undefined
      await current?.end()
    },
  }
}

/** Sends `payload` to every listener of `channel` (delivered when the sending statement commits). */
export async function notifyChannel(pool: Pool, channel: string, payload: string): Promise<void> {
  await pool.query('select pg_notify($1, $2)', [checkedChannel(channel), payload])
}
