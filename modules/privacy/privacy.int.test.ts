/**
 * The data export and the retention run on the real embedded Postgres: the
 * archive holds the subscriber's rows from every module and nobody else's,
 * the mailed link opens only for that account within 24 hours, requests are
 * limited to one an hour, and the nightly run purges what has served its
 * purpose while keeping confirmed accounts and consent records.
 */
import JSZip from 'jszip'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction, insertAccount } from '../accounts/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getCms, poolOf } from '../cms/index.ts'
import { getLogger, isAppError } from '../platform/index.ts'
import {
  applyRetention,
  openDataExport,
  produceDataExport,
  purgeExpiredExports,
  requestDataExport,
} from './index.ts'

let close: () => Promise<void>
let pool: Pool
const stamp = Date.now()

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = poolOf(cms.payload)
})

afterAll(async () => {
  await close()
})

async function account(email: string, options: { verified?: boolean; type?: 'trial' | 'standard' } = {}) {
  const id = await inTransaction((client) =>
    insertAccount(client, {
      email,
      firstName: 'Giulia',
      lastName: 'Bianchi',
      profession: null,
      accountType: options.type ?? 'trial',
      trialEndsAt: new Date(Date.now() + 7 * 86_400_000),
      emailVerified: options.verified ?? true,
      passwordHash: 'hash-di-prova',
    }),
  )
  if (!id) throw new Error('account non creato')
  return id
}

/** The export's mailed link (its token), once its job has made it. */
async function readyExport(exportId: string): Promise<string> {
  await produceDataExport({ pool, exportId })
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = await pool.query<{ data: { button: { url: string } } }>(
      'select data from mail_outbox where dedupe_key = $1',
      [`data-export:${exportId}`],
    )
    const url = mail.rows[0]?.data?.button.url
    if (url) return new URL(url).searchParams.get('token') ?? ''
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('archivio non pronto')
}

describe('data export', () => {
  let userId: string
  let otherId: string
  let exportId: string
  let token: string

  beforeAll(async () => {
    userId = await account(`export-${stamp}@esempio.it`)
    otherId = await account(`altro-${stamp}@esempio.it`)
    await pool.query('insert into database_favourites (user_id, category_code) values ($1, 19)', [userId])
    await pool.query('insert into database_views (user_id, category_code) values ($1, 19), ($2, 77)', [
      userId,
      otherId,
    ])
    await pool.query(
      `insert into feed_notifications (user_id, source_key, title, body, link)
       values ($1, 'n-1', 'Rinnovo CCNL Commercio', 'testo', '/bancadati/quotidiano'), ($2, 'n-2', 'Notizia di altri', 't', '/')`,
      [userId, otherId],
    )
    await pool.query(
      `insert into cookie_consents (consent_id, categories, action, user_id)
       values (gen_random_uuid(), array['necessary','analytics'], 'accept_all', $1)`,
      [userId],
    )
    await pool.query(`insert into studio_links (owner_user_id, slot, email) values ($1, 1, $2)`, [
      userId,
      `collega-${stamp}@esempio.it`,
    ])
    await pool.query(
      `insert into billing_customers (id, user_id, email, name, data)
       values ($1, $2, $3, 'Giulia Bianchi', $4::jsonb)`,
      [
        `cus_${stamp}`,
        userId,
        `export-${stamp}@esempio.it`,
        JSON.stringify({
          address: { city: 'Roma', postal_code: '00184' },
          metadata: { codiceFiscale: 'BNCGLI80A41H501X' },
        }),
      ],
    )
    await pool.query(
      `insert into billing_invoices (id, customer_id, user_id, status, amount_due, amount_paid, total, data)
       values ($1, $2, $3, 'paid', 1220, 1220, 1220, '{}'::jsonb)`,
      [`in_${stamp}`, `cus_${stamp}`, userId],
    )
    const payload = await getCms()
    await payload.create({
      collection: 'support-reports',
      data: {
        name: 'Giulia Bianchi',
        email: `export-${stamp}@esempio.it`,
        type: 'altro',
        body: `Domanda sulle ferie ${stamp}`,
        userId,
        status: 'new',
      },
      overrideAccess: true,
    })
    exportId = await requestDataExport({ pool, userId })
    token = await readyExport(exportId)
  })

  it('zips the subscriber’s data from every module, as JSON and CSV, and nobody else’s', async () => {
    const opening = await openDataExport({ pool, exportId, token, userId })
    if (opening.kind !== 'archive') throw new Error(`archivio non aperto: ${opening.kind}`)
    const zip = await JSZip.loadAsync(await opening.read())
    const data = JSON.parse(await zip.file('dati.json')!.async('string')) as Record<
      string,
      Record<string, unknown>[]
    >
    expect(data.profilo).toEqual([expect.objectContaining({ email: `export-${stamp}@esempio.it` })])
    expect(JSON.stringify(data.profilo)).not.toContain('hash-di-prova')
    expect(data.contratti_preferiti).toEqual([expect.objectContaining({ category_code: 19 })])
    expect(data.consultazioni).toEqual([expect.objectContaining({ category_code: 19 })])
    expect(data.notifiche).toEqual([expect.objectContaining({ title: 'Rinnovo CCNL Commercio' })])
    expect(data.consensi_cookie).toEqual([expect.objectContaining({ categories: 'necessary analytics' })])
    expect(data.collegamenti_studio).toEqual([
      expect.objectContaining({ ruolo: 'titolare', email: `collega-${stamp}@esempio.it` }),
    ])
    expect(data.dati_fatturazione).toEqual([
      expect.objectContaining({ dati_aggiuntivi: { codiceFiscale: 'BNCGLI80A41H501X' } }),
    ])
    expect(data.fatture).toEqual([expect.objectContaining({ id: `in_${stamp}`, total: 1220 })])
    expect(data.segnalazioni).toEqual([expect.objectContaining({ testo: `Domanda sulle ferie ${stamp}` })])
    expect(JSON.stringify(data)).not.toContain('Notizia di altri')
    const csv = await zip.file('notifiche.csv')!.async('string')
    expect(csv.split('\r\n')[0]).toContain('source_key;title;link')
    expect(csv).toContain('Rinnovo CCNL Commercio')
    expect(zip.file('LEGGIMI.txt')).not.toBeNull()
  })

  it('opens the link only for the account that asked, with its token, within 24 hours', async () => {
    expect((await openDataExport({ pool, exportId, token, userId: otherId })).kind).toBe('invalid')
    expect((await openDataExport({ pool, exportId, token: `${token}x`, userId })).kind).toBe('invalid')
    const tomorrow = new Date(Date.now() + 25 * 3_600_000)
    expect((await openDataExport({ pool, exportId, token, userId, now: tomorrow })).kind).toBe('expired')
  })

  it('takes one request an hour per account', async () => {
    const refused = await requestDataExport({ pool, userId }).catch((error: unknown) => error)
    expect(isAppError(refused) && refused.status).toBe(429)
  })

  it('deletes the archive and its row once the link has expired', async () => {
    expect(await purgeExpiredExports({ pool })).toBeGreaterThanOrEqual(0)
    expect((await openDataExport({ pool, exportId, token, userId })).kind).toBe('archive')
    await purgeExpiredExports({ pool, now: new Date(Date.now() + 25 * 3_600_000) })
    const rows = await pool.query('select 1 from privacy_exports where id = $1', [exportId])
    expect(rows.rowCount).toBe(0)
  })
})

describe('retention', () => {
  it('removes unconfirmed trial accounts after 30 days and ended sessions, keeping the rest and deleted accounts', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000)
    const unconfirmed = await account(`mai-confermato-${stamp}@esempio.it`, { verified: false })
    const confirmed = await account(`confermato-${stamp}@esempio.it`)
    const recent = await account(`recente-${stamp}@esempio.it`, { verified: false })
    const erased = await account(`eliminato-${stamp}@esempio.it`, { verified: false })
    await pool.query('update auth_users set created_at = $2, updated_at = $2 where id = any($1)', [
      [unconfirmed, confirmed, erased],
      old,
    ])
    // A deleted account's anonymous row keys the fiscal archive and the erasure log: it stays.
    await pool.query('update auth_users set erased_at = $2 where id = $1', [erased, old])
    await pool.query(
      `insert into auth_sessions (id, token, user_id, expires_at, updated_at)
       values ($1, $1, $2, now() - interval '1 day', now()), ($3, $3, $2, now() + interval '1 day', now())`,
      [`ended-${stamp}`, confirmed, `open-${stamp}`],
    )
    await pool.query(
      `insert into cookie_consents (consent_id, categories, action, user_id)
       values (gen_random_uuid(), array['necessary'], 'reject_all', $1)`,
      [unconfirmed],
    )
    const report = await applyRetention({ pool })
    expect(report.unconfirmedTrialAccounts).toBeGreaterThanOrEqual(1)
    expect(report.sessions).toBeGreaterThanOrEqual(1)
    const left = await pool.query<{ id: string }>('select id from auth_users where id = any($1)', [
      [unconfirmed, confirmed, recent, erased],
    ])
    expect(left.rows.map((row) => row.id).sort()).toEqual([confirmed, recent, erased].sort())
    const sessions = await pool.query<{ id: string }>('select id from auth_sessions where user_id = $1', [
      confirmed,
    ])
    expect(sessions.rows.map((row) => row.id)).toEqual([`open-${stamp}`])
    const consents = await pool.query('select 1 from cookie_consents where user_id = $1', [unconfirmed])
    expect(consents.rowCount).toBe(1)
  })
})
