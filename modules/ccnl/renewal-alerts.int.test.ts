/**
 * Renewal alerts on the real embedded Postgres: an editor's new decorrenza
 * reaches the bell of the contract's followers (and only theirs) once, with
 * the contract's reference level first and each level's old and new minimum,
 * the difference in euro and per cent, the una tantum and the link to the
 * comparison; the e-mail digest is subjected with the event and its button
 * opens the comparison; a correction of the amounts is announced once, a
 * save that changes no amount never; an import that brings a new latest
 * decorrenza alerts too, once, while a back-filled older table tells nobody;
 * a new national text edition is announced with its articles added, removed
 * and changed and the link to the redline.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
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
import { importPackage } from '../importer/index.ts'
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
  // The contract's reference level: listed first by every alert.
  await payload.create({
    collection: 'contract-terms',
    data: { contract: contract.id, referenceLevel: '4', probation: [] } as never,
    overrideAccess: true,
  })
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
    // The reference level (4: 1,820 → 1,855, +35, 35/1,820 = 1.92 %) first, then
    // Q: 2,510 → 2,570 (+60, 60/2,510 = 2.39 %); 1: 2,285 → 2,335 (+50, 2.19 %);
    // 2: 2,060 → 2,105 (+45, 2.18 %); levels 3 and 5 not listed.
    expect(alert?.body).toBe(
      [
        'Minimi mensili rispetto alla decorrenza del 01/03/2025:',
        'Liv. 4: 1.820,00 € → 1.855,00 € (+35,00 €, +1,92 %)',
        'Liv. Q: 2.510,00 € → 2.570,00 € (+60,00 €, +2,39 %)',
        'Liv. 1: 2.285,00 € → 2.335,00 € (+50,00 €, +2,19 %)',
        'Liv. 2: 2.060,00 € → 2.105,00 € (+45,00 €, +2,18 %)',
        'e altri 2 livelli',
        'Una tantum di 350,00 € a chi è in forza al 01/03/2026, erogata il 30/04/2026 (ridotta per il part-time; in proporzione ai mesi di servizio dal 01/04/2025 al 28/02/2026).',
      ].join('\n'),
    )
    expect(alert?.link).toBe(
      `/bancadati/0/${sectorCode}/${contractCode}/${categoryCode}/2?decorrenza=01-03-2026&confronta=01-03-2025#confronta-titolo`,
    )
    expect(alert?.read).toBe(false)
    // The e-mail digest lists the same title, lines and link; its subject names the event and its
    // main button opens the comparison of the two decorrenze.
    await sendNotificationDigests(pool)
    const mails = await pool.query<{
      subject: string
      data: {
        items: { title: string; text: string; url: string }[]
        button: { label: string; url: string }
      }
    }>('select subject, data from mail_outbox where dedupe_key like $1', [`feed-digest:${follower}:%`])
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
    expect(mails.rows[0]?.subject).toBe(`Nuovi minimi dal 01/03/2026 – CCNL Commercio ${tag} (Terziario)`)
    expect(mails.rows[0]?.data.button).toEqual({ label: 'Confronta le decorrenze', url: alert?.link })
    // Only followers hear of it.
    expect(await notificationsOf(stranger)).toEqual([])

    // A save that changes no amount (the note) tells nobody.
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { noteHtml: '<p>Nota aggiornata.</p>' } as never,
      overrideAccess: true,
    })
    expect(await notificationsOf(follower)).toHaveLength(1)

    // Correcting an amount of the announced decorrenza: a 'Correzione' with the corrected figures, once.
    const corrected = [
      level('Q', 2061, 500, 10),
      level('1', 1850, 480, 5),
      level('2', 1645, 460),
      level('3', 1540, 440),
      level('4', 1435, 420),
      level('5', 1330, 400),
    ]
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { levels: corrected } as never,
      overrideAccess: true,
    })
    const [correction, ...announced] = await notificationsOf(follower)
    expect(announced).toHaveLength(1)
    expect(correction?.title).toBe(
      `Correzione – Nuovi minimi dal 01/03/2026 – CCNL Commercio ${tag} (Terziario)`,
    )
    expect(correction?.body.split('\n').slice(0, 4)).toEqual([
      'Gli importi della decorrenza del 01/03/2026 sono stati corretti (liv. Q): ecco i valori corretti.',
      'Minimi mensili rispetto alla decorrenza del 01/03/2025:',
      'Liv. 4: 1.820,00 € → 1.855,00 € (+35,00 €, +1,92 %)',
      'Liv. Q: 2.510,00 € → 2.571,00 € (+61,00 €, +2,43 %)',
    ])
    // The same correction run again, and the same amounts saved again, tell nobody twice.
    await payload.jobs.queue({
      task: 'renewalAlert',
      input: { collection: 'pay-tables', id: table.id, changedLevels: ['Q'] },
    })
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { levels: corrected } as never,
      overrideAccess: true,
    })
    expect(await notificationsOf(follower)).toHaveLength(2)
    await payload.jobs.queue({ task: 'renewalAlert', input: { collection: 'pay-tables', id: table.id } })
    expect(await notificationsOf(follower)).toHaveLength(2)

    // A corrected decorrenza is news again.
    await payload.update({
      collection: 'pay-tables',
      id: table.id,
      data: { effectiveDate: '2026-04-01T12:00:00.000Z' } as never,
      overrideAccess: true,
    })
    const [moved] = await notificationsOf(follower)
    expect(moved?.title).toBe(`Nuovi minimi dal 01/04/2026 – CCNL Commercio ${tag} (Terziario)`)
    expect(await notificationsOf(follower)).toHaveLength(3)
  })

  it('tells nobody of a table that fills in the history', async () => {
    await createTable('2024-03-01', [level('Q', 1900, 500, 10)])
    expect(await notificationsOf(follower)).toHaveLength(3)
  })

  it('tells the followers of an import that brings a new latest decorrenza, once; never of imported history', async () => {
    const packageOf = async (tables: { day: string; basePay: number }[]) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-rinnovi-'))
      await writeFile(
        path.join(dir, 'manifest.json'),
        JSON.stringify({
          format: 'bancadati-ccnl/1',
          name: `Rinnovo ${tag}`,
          createdAt: '2026-12-01T00:00:00Z',
          files: { payTables: 'payTables.jsonl' },
        }),
      )
      const records = tables.map((table) =>
        JSON.stringify({
          categoryCode,
          effectiveDate: table.day,
          levels: [{ code: '4', description: 'Livello 4', basePay: table.basePay, costOfLiving: 420 }],
        }),
      )
      await writeFile(path.join(dir, 'payTables.jsonl'), `${records.join('\n')}\n`)
      return dir
    }
    // 4: 1,855 (from 01/04/2026) → 1,890 (from 01/03/2027, imported).
    const renewal = await packageOf([{ day: '2027-03-01', basePay: 1470 }])
    expect((await importPackage({ dir: renewal, payload })).totals.created).toBe(1)
    const [imported, ...earlier] = await notificationsOf(follower)
    expect(earlier).toHaveLength(3)
    expect(imported?.title).toBe(`Nuovi minimi dal 01/03/2027 – CCNL Commercio ${tag} (Terziario)`)
    expect(imported?.body.split('\n').slice(0, 2)).toEqual([
      'Minimi mensili rispetto alla decorrenza del 01/04/2026:',
      'Liv. 4: 1.855,00 € → 1.890,00 € (+35,00 €, +1,89 %)',
    ])
    expect(await notificationsOf(stranger)).toEqual([])
    // The same package again, and history loaded behind the latest decorrenza: nobody is told.
    expect((await importPackage({ dir: renewal, payload })).totals.unchanged).toBe(1)
    const history = await packageOf([{ day: '2023-03-01', basePay: 1300 }])
    expect((await importPackage({ dir: history, payload })).totals.created).toBe(1)
    expect(await notificationsOf(follower)).toHaveLength(4)
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
