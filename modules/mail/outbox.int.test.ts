/**
 * The outbox and the sender on the real embedded Postgres, delivering to the
 * embedded catcher: transactions, idempotency, an SMTP outage, competing
 * senders, giving up, and the wake-up on commit.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getEnv } from '../platform/index.ts'
import { createCatcherTransport, startMailCatcher, type MailCatcher } from '../../dev/mail-catcher/index.ts'
import {
  createOutboxTransport,
  enqueueMail,
  mailOutboxSchemaV1,
  outboxBacklog,
  outboxOverview,
  startMailWorker,
  type MailTransport,
  type MailWorker,
} from './index.ts'

const logger = pino({ level: 'silent' })
let pool: pg.Pool
let dir: string
const running: { workers: MailWorker[]; catchers: MailCatcher[] } = { workers: [], catchers: [] }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

let mailboxes = 0
async function catcher(port = 0): Promise<MailCatcher> {
  mailboxes += 1
  const started = await startMailCatcher({ port, file: path.join(dir, `mailbox-${mailboxes}.jsonl`), logger })
  running.catchers.push(started)
  return started
}

function worker(
  transport: MailTransport,
  options: Partial<Parameters<typeof startMailWorker>[0]> = {},
): MailWorker {
  const started = startMailWorker({
    pool,
    transport,
    logger,
    intervalMs: 50,
    retry: { baseDelayMs: 100, maxDelayMs: 300, maxAttempts: 50 },
    publicUrl: 'https://portale.example.it',
    ...options,
  })
  running.workers.push(started)
  return started
}

const welcome = (n: number) =>
  ({
    to: `utente${n}@example.com`,
    template: 'welcome',
    data: { name: `Utente ${n}`, email: `utente${n}@example.com`, password: `Pw${n}x4k9z` },
  }) as const

type Row = {
  id: string
  recipient: string
  status: string
  attempts: number
  data: unknown
  last_error: string | null
  message_id: string | null
}
const rows = async () => (await pool.query<Row>('select * from mail_outbox order by id')).rows

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: getEnv().databaseUrl, max: 10 })
  // The exact SQL of the migration; applying it twice must be harmless.
  await pool.query(mailOutboxSchemaV1.up)
  await pool.query(mailOutboxSchemaV1.up)
  dir = await mkdtemp(path.join(tmpdir(), 'mail-int-'))
})

beforeEach(async () => {
  await pool.query('truncate mail_outbox restart identity')
})

afterEach(async () => {
  await Promise.all(running.workers.splice(0).map((started) => started.stop()))
  await Promise.all(running.catchers.splice(0).map((started) => started.stop()))
})

afterAll(async () => {
  await pool.query('truncate mail_outbox')
  await pool.end()
  await rm(dir, { recursive: true, force: true })
})

describe('enqueueMail', () => {
  it('sends nothing when the caller rolls its transaction back, and sends a committed mail once', async () => {
    const inbox = await catcher()
    const client = await pool.connect()
    try {
      await client.query('begin')
      await enqueueMail(client, welcome(1))
      await client.query('rollback')
      await client.query('begin')
      await enqueueMail(client, welcome(2))
      await client.query('commit')
    } finally {
      client.release()
    }
    const sender = worker(createCatcherTransport(inbox.port), { listen: false, intervalMs: 60_000 })
    await sender.runOnce()

    expect(inbox.messages().map((message) => message.to)).toEqual(['utente2@example.com'])
    const [row] = await rows()
    expect(await rows()).toHaveLength(1)
    expect(row).toMatchObject({
      recipient: 'utente2@example.com',
      status: 'sent',
      attempts: 1,
      data: null,
      last_error: null,
    })
    expect(row?.message_id).toMatch(/^<outbox-\d+\.\d+@portale\.example\.it>$/)
  })

  it('delivers both parts of the rendered mail through SMTP', async () => {
    const inbox = await catcher()
    await enqueueMail(pool, {
      to: 'mario@example.com',
      template: 'welcome',
      data: { name: 'Mario <Rossi>', email: 'mario@example.com', password: 'k3Tz9p2Q', loginUrl: '/accedi' },
    })
    await worker(createCatcherTransport(inbox.port), { listen: false }).runOnce()
    const [message] = inbox.messages()
    expect(message?.subject).toBe('Benvenuto in Banca Dati CCNL: le tue credenziali di accesso')
    expect(message?.html).toContain('Gentile Mario &lt;Rossi&gt;,')
    expect(message?.html).toContain('href="https://portale.example.it/accedi"')
    expect(message?.text).toContain('Password: k3Tz9p2Q')
  })

  it('makes a second enqueue with the same dedupe key a no-op', async () => {
    const inbox = await catcher()
    const first = await enqueueMail(pool, { ...welcome(3), dedupeKey: 'welcome:user-3' })
    const second = await enqueueMail(pool, { ...welcome(3), dedupeKey: 'welcome:user-3' })
    expect(first).toEqual({ id: 1, created: true })
    expect(second).toEqual({ id: 1, created: false })

    await worker(createCatcherTransport(inbox.port), { listen: false }).runOnce()
    // Even after the first is sent the key stays used.
    expect((await enqueueMail(pool, { ...welcome(3), dedupeKey: 'welcome:user-3' })).created).toBe(false)
    await worker(createCatcherTransport(inbox.port), { listen: false }).runOnce()
    expect(inbox.messages()).toHaveLength(1)
    expect(await rows()).toHaveLength(1)
  })

  it('refuses a bad recipient or bad template data before writing anything', async () => {
    await expect(enqueueMail(pool, { ...welcome(4), to: 'non-una-mail' })).rejects.toMatchObject({
      code: 'bad_request',
      field: 'to',
      message: "L'indirizzo e-mail del destinatario non è valido.",
    })
    await expect(
      enqueueMail(pool, {
        to: 'a@example.com',
        template: 'passwordReset',
        data: { email: 'a@example.com', resetUrl: 'javascript:x', validForMinutes: 60 },
      }),
    ).rejects.toThrow(/«passwordReset»: resetUrl/)
    expect(await rows()).toHaveLength(0)
  })
})

describe('the outbox backlog', () => {
  it('counts the mails waiting and given up on, and how long the oldest waiting one has waited', async () => {
    expect(await outboxBacklog(pool)).toEqual({ pending: 0, failed: 0, oldestPendingSeconds: 0 })
    await enqueueMail(pool, welcome(1))
    await enqueueMail(pool, welcome(2))
    await enqueueMail(pool, welcome(3))
    await pool.query(`update mail_outbox set created_at = now() - interval '10 minutes' where id = 1`)
    await pool.query(`update mail_outbox set status = 'failed' where id = 2`)
    const backlog = await outboxBacklog(pool)
    expect(backlog).toMatchObject({ pending: 2, failed: 1 })
    expect(backlog.oldestPendingSeconds).toBeGreaterThanOrEqual(600)
    expect(backlog.oldestPendingSeconds).toBeLessThan(660)
    await pool.query(`update mail_outbox set status = 'sent' where id in (1, 3)`)
    expect(await outboxBacklog(pool)).toEqual({ pending: 0, failed: 1, oldestPendingSeconds: 0 })
  })
})

describe('the outbox transport', () => {
  it('turns a message sent through nodemailer into an outbox mail, delivered from the portal’s sender address', async () => {
    const inbox = await catcher()
    const outbox = createOutboxTransport(() => pool)
    const html = '<p>Reimposta la password: <a href="https://portale.example.it/admin/reset/abc">apri</a></p>'
    await outbox.sendMail({
      from: 'Payload <info@payloadcms.com>',
      to: 'redazione@example.com',
      subject: 'Reimposta\nla password',
      html,
    })
    // Nothing is sent by the transport itself: the mail waits in the outbox.
    expect(inbox.messages()).toEqual([])
    expect(await rows()).toMatchObject([{ recipient: 'redazione@example.com', status: 'pending' }])

    await worker(createCatcherTransport(inbox.port), {
      listen: false,
      from: '"Portale" <noreply@portale.it>',
    }).runOnce()
    const [mail] = inbox.messages()
    expect(mail).toMatchObject({
      to: 'redazione@example.com',
      from: '"Portale" <noreply@portale.it>',
      subject: 'Reimposta la password',
    })
    expect(mail?.html).toContain('https://portale.example.it/admin/reset/abc')
    expect(await rows()).toMatchObject([{ status: 'sent', data: null }])
  })

  it('refuses a message without subject or HTML, writing nothing', async () => {
    const outbox = createOutboxTransport(() => pool)
    await expect(
      outbox.sendMail({ to: 'a@example.com', subject: 'Oggetto', text: 'solo testo' }),
    ).rejects.toThrow(/oggetto e HTML/)
    expect(await rows()).toEqual([])
  })
})

describe('the sender', () => {
  it('loses nothing in an SMTP outage: mails wait, back off, and arrive once after it ends', async () => {
    const port = await freePort()
    const down = await catcher(port)
    await down.stop()
    running.catchers.splice(running.catchers.indexOf(down), 1)

    worker(createCatcherTransport(port))
    for (const n of [1, 2, 3]) await enqueueMail(pool, welcome(n))

    await waitFor(
      async () => (await rows()).every((row) => row.attempts >= 2),
      'two failed attempts per mail',
    )
    const failing = await rows()
    expect(failing.map((row) => row.status)).toEqual(['pending', 'pending', 'pending'])
    expect(failing[0]?.last_error).toMatch(/ECONNREFUSED/)
    expect(await outboxOverview(pool)).toMatchObject({ pending: 3, failed: 0 })

    const back = await catcher(port)
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'), 'every mail sent')
    // Time for a duplicate to show up, if one were going to.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(
      back
        .messages()
        .map((message) => message.to)
        .sort(),
    ).toEqual(['utente1@example.com', 'utente2@example.com', 'utente3@example.com'])
    expect(await outboxOverview(pool)).toMatchObject({ pending: 0, failed: 0 })
  })

  it('never sends a mail twice when two senders work the same outbox', async () => {
    const inbox = await catcher()
    const slow = (transport: MailTransport): MailTransport => {
      const send = transport.sendMail.bind(transport)
      return Object.assign(Object.create(transport) as MailTransport, {
        sendMail: async (mail: Parameters<MailTransport['sendMail']>[0]) => {
          await new Promise((resolve) => setTimeout(resolve, 10))
          return send(mail)
        },
      })
    }
    for (let n = 1; n <= 24; n += 1) await enqueueMail(pool, welcome(n))
    const a = worker(slow(createCatcherTransport(inbox.port)), { listen: false, intervalMs: 60_000 })
    const b = worker(slow(createCatcherTransport(inbox.port)), { listen: false, intervalMs: 60_000 })
    const [handledByA, handledByB] = await Promise.all([a.runOnce(), b.runOnce()])

    expect(handledByA + handledByB).toBe(24)
    expect(handledByA).toBeGreaterThan(0)
    expect(handledByB).toBeGreaterThan(0)
    const recipients = inbox.messages().map((message) => message.to)
    expect(recipients).toHaveLength(24)
    expect(new Set(recipients).size).toBe(24)
    expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true)
  })

  it('gives up after the last attempt and shows the mail to operators', async () => {
    const port = await freePort()
    worker(createCatcherTransport(port), { retry: { baseDelayMs: 20, maxDelayMs: 20, maxAttempts: 3 } })
    await enqueueMail(pool, welcome(5))
    await waitFor(async () => (await rows())[0]?.status === 'failed', 'the mail marked failed')

    const overview = await outboxOverview(pool)
    expect(overview).toMatchObject({ pending: 0, failed: 1 })
    expect(overview.latestFailed[0]).toMatchObject({
      recipient: 'utente5@example.com',
      template: 'welcome',
      subject: 'Benvenuto in Banca Dati CCNL: le tue credenziali di accesso',
      attempts: 3,
    })
    expect(overview.latestFailed[0]?.lastError).toMatch(/ECONNREFUSED/)
    // A failed mail keeps its data, so an operator can send it again.
    expect((await rows())[0]?.data).toMatchObject({ email: 'utente5@example.com' })
  })

  it('fails at once a row whose data no template accepts, and goes on with the others', async () => {
    const inbox = await catcher()
    await pool.query(
      `insert into mail_outbox (recipient, template, subject, data) values ('x@example.com', 'welcome', 'Benvenuto', '{"name": "X"}')`,
    )
    await enqueueMail(pool, welcome(6))
    await worker(createCatcherTransport(inbox.port), { listen: false }).runOnce()

    const [bad, good] = await rows()
    expect(bad).toMatchObject({ status: 'failed', attempts: 1 })
    expect(bad?.last_error).toMatch(/Dati non validi per l'e-mail «welcome»: email/)
    expect(good?.status).toBe('sent')
    expect(inbox.messages().map((message) => message.to)).toEqual(['utente6@example.com'])
  })

  it('is woken by a committed mail without waiting for its next poll', async () => {
    const inbox = await catcher()
    worker(createCatcherTransport(inbox.port), { intervalMs: 60_000 })
    // The listener connects in the background; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const sentAt = Date.now()
    await enqueueMail(pool, welcome(7))
    await waitFor(() => inbox.messages().length === 1, 'the mail to arrive', 5_000)
    expect(Date.now() - sentAt).toBeLessThan(5_000)
  })

  it('keeps sending when its listening connection is cut, and listens again', async () => {
    const inbox = await catcher()
    worker(createCatcherTransport(inbox.port), { intervalMs: 100 })
    const listening = async () =>
      (await pool.query(`select pid from pg_stat_activity where query = 'listen mail_outbox'`)).rows as {
        pid: number
      }[]
    await waitFor(async () => (await listening()).length === 1, 'the listening connection')
    const [before] = await listening()
    await pool.query('select pg_terminate_backend($1)', [before?.pid])

    await enqueueMail(pool, welcome(9))
    await waitFor(() => inbox.messages().length === 1, 'the mail sent by polling')
    await waitFor(
      async () => (await listening()).some((row) => row.pid !== before?.pid),
      'a new listening connection',
    )
  })

  it('sends nothing after it is stopped', async () => {
    const inbox = await catcher()
    const sender = worker(createCatcherTransport(inbox.port))
    await sender.stop()
    await enqueueMail(pool, welcome(8))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.messages()).toHaveLength(0)
    expect((await rows())[0]?.status).toBe('pending')
  })
})
