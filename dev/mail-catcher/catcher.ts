/**
 * The embedded SMTP catcher: an SMTP server on loopback that accepts every
 * mail, keeps it in memory and appends it to `DATA_DIR/mailbox.jsonl`, so the
 * mailbox page still shows it after a restart. The file holds reset and
 * confirmation links: it is private (0600) whatever the umask. Embedded mode only.
 */
import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from 'pino'
import { getEnv, PRIVATE_FILE_MODE, writePrivateFile } from '../../modules/platform/index.ts'

/** A mail as the catcher received it. `date` is the ISO time of receipt; `from` its From header (absent in mailboxes written before it was kept). */
export type CaughtMessage = {
  to: string
  from?: string
  subject: string
  text: string
  html: string
  date: string
}

export type MailCatcher = {
  /** The port it listens on (the one asked for, or the ephemeral one given by the system). */
  port: number
  /** The received mails, newest first. */
  messages: () => CaughtMessage[]
  /** Stops listening; the mailbox file stays. */
  stop: () => Promise<void>
}

export type MailCatcherOptions = {
  /** Port on 127.0.0.1; 0 (default) for an ephemeral one. */
  port?: number
  /** The mailbox file; `DATA_DIR/mailbox.jsonl` by default. */
  file?: string
  /** How many mails are kept (the oldest are dropped, also from the file at start). Default 500. */
  limit?: number
  logger?: Logger
}

function isCaughtMessage(value: unknown): value is CaughtMessage {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return ['to', 'subject', 'text', 'html', 'date'].every((key) => typeof record[key] === 'string')
}

async function loadMailbox(file: string, limit: number, logger?: Logger): Promise<CaughtMessage[]> {
  let content: string
  try {
    content = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const lines = content.split('\n').filter((line) => line.trim() !== '')
  const messages: CaughtMessage[] = []
  let unreadable = 0
  for (const line of lines) {
    try {
      const parsed: unknown = JSON.parse(line)
      if (isCaughtMessage(parsed)) messages.push(parsed)
      else unreadable += 1
    } catch {
      unreadable += 1
    }
  }
  if (unreadable > 0)
    logger?.warn({ file, unreadable }, 'Righe illeggibili nella casella di posta di prova: ignorate')
  const kept = messages.slice(-limit)
  if (kept.length < lines.length) {
    await writePrivateFile(file, kept.map((message) => `${JSON.stringify(message)}\n`).join(''))
  } else {
    // A mailbox written before it was kept private.
    await chmod(file, PRIVATE_FILE_MODE)
  }
  return kept
}

/** Starts the catcher on 127.0.0.1 and loads the mails already in its mailbox file. */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const file = options.file ?? path.join(getEnv().dataDir, 'mailbox.jsonl')
  const limit = options.limit ?? 500
  const logger = options.logger
  // Loaded here, not at import: production never runs the catcher.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')])
  await mkdir(path.dirname(file), { recursive: true })
  const stored = await loadMailbox(file, limit, logger)
  let writes = Promise.resolve()

  const receive = (message: CaughtMessage) => {
    stored.push(message)
    if (stored.length > limit) stored.splice(0, stored.length - limit)
    writes = writes
      .then(() => appendFile(file, `${JSON.stringify(message)}\n`, { mode: PRIVATE_FILE_MODE }))
      .catch((error: unknown) => logger?.error({ err: error, file }, 'Impossibile salvare la posta di prova'))
    logger?.debug({ subject: message.subject }, 'E-mail di prova ricevuta')
  }

  const server = new SMTPServer({
    name: 'posta-di-prova.local',
    banner: 'Banca Dati CCNL: posta di prova',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 25 * 1024 * 1024,
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          receive({
            to: session.envelope.rcptTo.map((address) => address.address).join(', '),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  server.on('error', (error) => logger?.warn({ err: error }, 'Errore della posta di prova'))

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0)

  return {
    port,
    messages: () => stored.slice().reverse(),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await writes
    },
  }
}
