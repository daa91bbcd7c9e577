/**
 * Renewal alerts on the real embedded Postgres: an editor's new decorrenza
 * reaches the bell of the contract's followers (and only theirs) once, with
 * each level's old and new minimum, the difference in euro and per cent, the
 * una tantum and the link to the comparison; a back-filled older table and
 * an import tell nobody; a new national text edition is announced with its
 * articles added, removed and changed and the link to the redline.
 */
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER } from '../accounts/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import {
  feedPool,
  listNotifications,
  registerEmailSubscription,
  sendNotificationDigests,
} from '../feed/index.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { toggleFavourite } from './index.ts'

const api = createApi({ version: 'test' })
const tag = randomBytes(4).toString('hex')
const sectorCode = 800 + Math.floor(Math.random() * 90)
const contractCode = 80_000 + Math.floor(Math.random() * 9000)
const categoryCode = 800_000 + Math.floor(Math.random() * 90_000)

let payload: Payload
let pool: Pool
let close: () => Promise<void>
let follower = ''
let stranger = ''

/** A new trial account (its id). */
async function newAccount(name: string): Promise<string> {
  const response = await api.fetch(
    new Request(`${getEnv().publicUrl}/api/v1/user/trial-signup`, {
      method: 'POST',
      headers: {
        origin: getEnv().publicUrl,
        'content-type': 'application/json',
        [CLIENT_IP_HEADER]: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify({
        nome: name,
        cognome: 'Verdi',
        email: `rinnovi-${name.toLowerCase()}-${tag}@esempio.it`,
        professione: 'professionista',
      }),
    }),
  )
  expect(response.status).toBe(201)
  const created = await pool.query<{ id: string }>('select id from auth_users where email = $1', [
    `rinnovi-${name.toLowerCase()}-${tag}@esempio.it`,
  ])
  return created.rows[0]?.id ?? ''
}

const level = (code: string, basePay: number, costOfLiving: number, thirdElement = 0) => ({
  code,
  description: `Livello ${code}`,
  basePay,
  costOfLiving,
  thirdElement,
})

let categoryId = 0
async function createTable(
  day: string,
  levels: unknown[],
  extra: Record<string, unknown> = {},
  context = {},
) {
  return payload.create({
    collection: 'pay-tables',
    data: { category: categoryId, effectiveDate: `${day}T12:00:00.000Z`, levels, ...extra } as never,
    overrideAccess: true,
    context,
  })
}

/** Runs the queue, then the follower's notifications (bodies with plain spaces for the euro sign's NBSP). */
async function notificationsOf(userId: string) {
  await payload.jobs.run({ queue: 'default' })
  const list = await listNotifications(pool, userId, { canReadPaid: true })
  return list.map((item) => ({ ...item, body: item.body.replace(/\u00a0/g, ' ') }))
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  pool = await feedPool(payload)
  const sector = await payload.create({
    collection: 'sectors',
    data: { code: sectorCode, name: `Settore rinnovi ${tag}` },
    overrideAccess: true,
  })
  const contract = await payload.create({
    collection: 'contracts',
    data: {
      code: contractCode,
      title: `CCNL Commercio prova ${tag}`,
      shortTitle: `Commercio ${tag}`,
      sector: sector.id,
    } as never,
    overrideAccess: true,
  })
  const category = await payload.create({
    collection: 'categories',
    data: { code: categoryCode, name: 'Terziario', contract: contract.id } as never,
    overrideAccess: true,
  })
  categoryId = category.id
  // The renewal before: created by the import (no alert).
  await createTable(
    '2025-03-01',
    [
      level('Q', 2000, 500, 10),
      level('1', 1800, 480, 5),
      level('2', 1600, 460),
      level('3', 1500, 440),
      level('4', 1400, 420),
      level('5', 1300, 400),
    ],
    {},
    { importing: true },
  )
  follower = await newAccount('Sara')
  stranger = await newAccount('Piero')
  await toggleFavourite(follower, categoryCode, { mayAdd: true })
  await registerEmailSubscription(pool, {
    userId: follower,
    email: `rinnovi-sara-${tag}@esempio.it`,
    name: 'Sara',
  })
})

afterAll(async () => {
  await close()
})

describe('a new decorrenza', () => {
  it('tells the followers each level’s old and new minimum, the una tantum, and links to the comparison, once', async () => {
    expect(await notificationsOf(follower)).toEqual([])
    const table = await createTable(
      '2026-03-01',
      [
        level('Q', 2060, 500, 10),
        level('1', 1850, 480, 5),
        level('2', 1645, 460),
        level('3', 1540, 440),
        level('4', 1435, 420),
        level('5', 1330, 400),
      ],
      {
        unaTantum: [
          {
            amount: 350,
            entitledOn: '2026-03-01',
            paidOn: '2026-04-30',
            periodFrom: '2025-04-01',
            periodTo: '2026-02-28',
          },
        ],
      },
    )
    const [alert, ...others] = await notificationsOf(follower)
    expect(others).toEqual([])
    expect(alert?.title).toBe(`Nuovi minimi dal 01/03/2026 – CCNL Commercio ${tag} (Terziario)`)
    // Q: 2,510 → 2,570 (+60, 60/2,510 = 2.39 %); 1: 2,285 → 2,335 (+50, 2.19 %);
    // 2: 2,060 → 2,105 (+45, 2.18 %); 3: 1,940 → 1,980 (+40, 2.06 %); levels 4 and 5 not listed.
    expect(alert?.body).toBe(
      [
        'Minimi mensili rispetto alla decorrenza del 01/03/2025:',
        'Liv. Q: 2.510,00 € → 2.570,00 € (+60,00 €, +2,39 %)',
        'Liv. 1: 2.285,00 € → 2.335,00 € (+50,00 €, +2,19 %)',
        'Liv. 2: 2.060,00 € → 2.105,00 € (+45,00 €, +2,18 %)',
        'Liv. 3: 1.940,00 € → 1.980,00 € (+40,00 €, +2,06 %)',
        'e altri 2 livelli',
        'Una tantum di 350,00 € a chi è in forza al 01/03/2026, erogata il 30/04/2026 (ridotta per il part-time; in proporzione ai mesi di servizio dal 01/04/2025 al 28/02/2026).',
      ].join('\n'),
    )
    expect(alert?.link).toBe(
      `/bancadati/0/${sectorCode}/${contractCode}/${categoryCode}/2?decorrenza=01-03-2026&confronta=01-03-2025#confronta-titolo`,
    )
    expect(alert?.read).toBe(false)
    // The e-mail digest lists the same title, lines and link.
    await sendNotificationDigests(pool)
    const mails = await pool.query<{ data: { items: { title: string; text: string; url: string }[] } }>(
      'select data from mail_outbox where dedupe_key like $1',
      [`feed-digest:${follower}:%`],
    )
    expect(mails.rows.map((row) => row.data.items)).toEqual([
      [
        {
          title: alert?.title,
          text: alert?.body.replace(/ €/g, '\u00a0€'),
          url: alert?.link,
          meta: expect.any(String),
        },
      ],
    ])
    // Only followers hear of it.
    expect(await notificationsOf(stranger)).toEqual([])

    // Correcting the table (same decorrenza) and running the queue again tell nobody twice.
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { levels: [level('Q', 2061, 500, 10)] } as never,
      overrideAccess: true,
    })
    expect(await notificationsOf(follower)).toHaveLength(1)
    await payload.jobs.queue({ task: 'renewalAlert', input: { collection: 'pay-tables', id: table.id } })
    expect(await notificationsOf(follower)).toHaveLength(1)

    // A corrected decorrenza is news again.
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { effectiveDate: '2026-04-01T12:00:00.000Z' } as never,
      overrideAccess: true,
    })
    const [corrected] = await notificationsOf(follower)
    expect(corrected?.title).toBe(`Nuovi minimi dal 01/04/2026 – CCNL Commercio ${tag} (Terziario)`)
    expect(await notificationsOf(follower)).toHaveLength(2)
  })

  it('tells nobody of a table that fills in the history, or of an import', async () => {
    await createTable('2024-03-01', [level('Q', 1900, 500, 10)])
    expect(await notificationsOf(follower)).toHaveLength(2)
    await createTable('2027-03-01', [level('Q', 2100, 500, 10)], {}, { importing: true })
    expect(await notificationsOf(follower)).toHaveLength(2)
  })
})

describe('a new edition of the national text', () => {
  it('tells the followers the articles added, removed and changed, and links to the redline', async () => {
    const contract = (
      await payload.find({ collection: 'contracts', where: { code: { equals: contractCode } } })
    ).docs[0]
    const type =
      (await payload.find({ collection: 'text-types', where: { code: { equals: 'CCNL' } } })).docs[0] ??
      (await payload.create({
        collection: 'text-types',
        data: { code: 'CCNL', name: 'CCNL' } as never,
        overrideAccess: true,
      }))
    const text = (code: number, date: string, html: string, context = {}) =>
      payload.create({
        collection: 'contract-texts',
        data: {
          code,
          title: `Testo ${code}`,
          scope: 'national',
          edition: 'archive',
          date: `${date}T12:00:00.000Z`,
          contract: contract?.id,
          textType: type.id,
          html,
        } as never,
        overrideAccess: true,
        context,
      })
    const base = 700_000_000 + Math.floor(Math.random() * 1_000_000)
    await text(
      base,
      '2022-01-01',
      '<h2>Art. 1 – Campo</h2><p>Si applica al commercio.</p><h2>Art. 2 – Prova</h2><p>Sessanta giorni.</p><h2>Art. 3 – Ferie</h2><p>Ventisei giorni.</p>',
      { importing: true },
    )
    const before = (await notificationsOf(follower)).length
    const edition = await text(
      base + 1,
      '2026-01-01',
      '<h2>Art. 1 – Campo</h2><p>Si applica al commercio.</p><h2>Art. 2 – Prova</h2><p>Novanta giorni.</p><h2>Art. 4 – Lavoro agile</h2><p>Accordo individuale.</p><h2>Art. 5 – Formazione</h2><p>Ventiquattro ore.</p>',
    )
    const list = await notificationsOf(follower)
    expect(list).toHaveLength(before + 1)
    const alert = list[0]
    expect(alert?.title).toBe(`Nuova edizione del testo – CCNL Commercio ${tag}`)
    expect(alert?.body).toBe(
      'Edizione del 01/01/2026 a confronto con quella del 01/01/2022: 2 articoli aggiunti, 1 eliminato, 1 modificato.',
    )
    expect(alert?.link).toBe(
      `/bancadati/0/${sectorCode}/${contractCode}/confronto-testi?da=${base}&a=${base + 1}`,
    )
    expect(await notificationsOf(stranger)).toEqual([])
    // Saving it again announces nothing new.
    await payload.update({
      collection: 'contract-texts',
      id: edition.id,
      data: { title: 'Testo aggiornato' } as never,
      overrideAccess: true,
    })
    expect(await notificationsOf(follower)).toHaveLength(before + 1)
  })
})
