import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '../payload-types.ts'
import { bootstrapCms } from '../start.ts'
import { getLogger } from '../../modules/platform/index.ts'

let payload: Payload
let close: () => Promise<void>
let editor: User
let sectorId: number
let contractId: number
let categoryId: number

const drizzle = () => payload.db.drizzle

/** The validation message Payload gives for the first invalid field. */
async function rejection(write: Promise<unknown>): Promise<string> {
  try {
    await write
  } catch (error) {
    const errors = (error as { data?: { errors?: { message: string }[] } }).data?.errors
    return errors?.map((item) => item.message).join('; ') ?? (error as Error).message
  }
  throw new Error('the write was accepted')
}

const lexical = (text: string) => ({
  root: {
    type: 'root',
    direction: 'ltr' as const,
    format: '' as const,
    indent: 0,
    version: 1,
    children: [
      {
        type: 'paragraph',
        direction: 'ltr' as const,
        format: '' as const,
        indent: 0,
        version: 1,
        textFormat: 0,
        children: [{ type: 'text', text, format: 1, detail: 0, mode: 'normal', style: '', version: 1 }],
      },
    ],
  },
})

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  await drizzle().execute(
    sql.raw(
      'truncate "news", "_news_v", "territorial_pay_tables", "classifications", "summaries", "pay_tables", "contract_texts", ' +
        '"companies", "provinces", "regions", "text_types", "contract_mappings", "categories", "contracts", "sectors", "media", ' +
        '"import_runs", "payload_jobs" restart identity cascade',
    ),
  )
  editor = await payload.create({
    collection: 'users',
    data: {
      email: `redattore-${Date.now()}@example.it`,
      password: 'Prova-2026!',
      roles: ['editor'],
      name: 'Redattore',
    },
  })
  sectorId = (
    await payload.create({ collection: 'sectors', data: { code: 11, name: 'Terziario e servizi' } })
  ).id
  contractId = (
    await payload.create({
      collection: 'contracts',
      data: {
        code: 133,
        title: 'CCNL Terziario',
        sector: sectorId,
        noteHtml: '<p onclick="x()">Nota<script>y()</script></p>',
      },
    })
  ).id
  categoryId = (
    await payload.create({
      collection: 'categories',
      data: { code: 1001, name: 'Dipendenti', contract: contractId },
    })
  ).id
})

afterAll(async () => {
  await close()
})

describe('natural keys', () => {
  it('are unique', async () => {
    expect(
      await rejection(payload.create({ collection: 'sectors', data: { code: 11, name: 'Doppione' } })),
    ).toMatch(/univoco/)
    expect(
      await rejection(
        payload.create({
          collection: 'categories',
          data: { code: 1001, name: 'Doppione', contract: contractId },
        }),
      ),
    ).toMatch(/univoco/)
  })

  it('allow one pay table per category and effective date', async () => {
    const levels = [{ code: '1', description: 'Primo livello', basePay: 1800 }]
    const table = await payload.create({
      collection: 'pay-tables',
      data: { category: categoryId, effectiveDate: '2024-04-01T12:00:00.000Z', levels },
    })
    expect(table.key).toBe('1001_2024-04-01')
    expect(table.categoryCode).toBe(1001)
    expect(table.contractCode).toBe(133)
    expect(table.levels).toEqual([
      {
        code: '1',
        description: 'Primo livello',
        basePay: 1800,
        costOfLiving: 0,
        thirdElement: 0,
        otherElements: [],
        seniorityStep: 0,
        hourlyDivisor: 0,
        dailyDivisor: 0,
        hoursPerDay: 0,
      },
    ])
    expect(
      await rejection(
        payload.create({
          collection: 'pay-tables',
          data: { category: categoryId, effectiveDate: '2024-04-01T12:00:00.000Z', levels },
        }),
      ),
    ).toMatch(/univoco/)
  })

  it('make the news slug unique within its month, generating it from the title', async () => {
    const first = await payload.create({
      collection: 'news',
      data: { title: 'Rinnovo del CCNL Turismo', type: 'news', date: '2026-03-10T12:00:00.000Z' },
    })
    const second = await payload.create({
      collection: 'news',
      data: { title: 'Rinnovo del CCNL Turismo', type: 'news', date: '2026-03-20T12:00:00.000Z' },
    })
    const nextMonth = await payload.create({
      collection: 'news',
      data: { title: 'Rinnovo del CCNL Turismo', type: 'news', date: '2026-04-02T12:00:00.000Z' },
    })
    expect([first.slug, second.slug, nextMonth.slug]).toEqual([
      'rinnovo-del-ccnl-turismo',
      'rinnovo-del-ccnl-turismo-2',
      'rinnovo-del-ccnl-turismo',
    ])
    expect(first.period).toBe('2026-03')
    expect(first.guid).toMatch(/^[0-9a-f-]{36}$/)
    expect(
      await rejection(
        payload.create({
          collection: 'news',
          data: {
            title: 'Altro',
            type: 'news',
            slug: 'rinnovo-del-ccnl-turismo',
            date: '2026-03-28T12:00:00.000Z',
          },
        }),
      ),
    ).toMatch(/univoco/)
  })
})

describe('referential integrity', () => {
  it('refuses a pay table pointing at a missing category', async () => {
    const levels = [{ code: '1', description: 'Primo livello', basePay: 1800 }]
    expect(
      await rejection(
        payload.create({
          collection: 'pay-tables',
          data: { category: 999_999, effectiveDate: '2024-01-01', levels },
        }),
      ),
    ).not.toBe('')
    await expect(
      drizzle().execute(
        sql`insert into pay_tables (category_id, effective_date, levels, key) values (999999, now(), '[]'::jsonb, 'orfana')`,
      ),
    ).rejects.toThrow()
  })

  it('refuses to delete a record others depend on, saying what depends on it', async () => {
    await expect(payload.delete({ collection: 'categories', id: categoryId })).rejects.toThrow(
      'Impossibile eliminare: collegati 1 tabelle retributive. Elimina o sposta prima quei record.',
    )
    await expect(payload.delete({ collection: 'sectors', id: sectorId })).rejects.toThrow(
      'Impossibile eliminare: collegati 1 contratti.',
    )
    expect((await payload.findByID({ collection: 'categories', id: categoryId })).code).toBe(1001)
  })

  it('keeps the denormalised codes of a record equal to those of its parents', async () => {
    const category = await payload.findByID({ collection: 'categories', id: categoryId })
    expect([category.contractCode, category.sectorCode, category.label]).toEqual([
      133,
      11,
      '1001 · Dipendenti',
    ])
    const other = await payload.create({
      collection: 'contracts',
      data: { code: 134, title: 'CCNL Distribuzione', sector: sectorId },
    })
    const moved = await payload.update({
      collection: 'categories',
      id: categoryId,
      data: { contract: other.id },
    })
    expect(moved.contractCode).toBe(134)
    await payload.update({ collection: 'categories', id: categoryId, data: { contract: contractId } })
  })
})

describe('validation', () => {
  it('checks pay table levels with the data format schema', async () => {
    const message = await rejection(
      payload.create({
        collection: 'pay-tables',
        data: {
          category: categoryId,
          effectiveDate: '2025-01-01',
          levels: [{ code: '1', description: 'Primo', basePay: -3 }],
        },
      }),
    )
    expect(message).toMatch(/^0\.basePay: /)
  })

  it('checks where a contract text belongs, and allows one consolidated text per contract', async () => {
    const textType = await payload.create({
      collection: 'text-types',
      data: { code: 'CCNL', name: 'Contratto nazionale' },
    })
    const base = {
      contract: contractId,
      textType: textType.id,
      date: '2024-03-22',
      html: '<h3 id="art-1">Art. 1</h3>',
    }
    expect(
      await rejection(
        payload.create({
          collection: 'contract-texts',
          data: { ...base, code: 1, title: 'T', scope: 'national' },
        }),
      ),
    ).toBe('Indica se il testo è consolidato o di archivio.')
    const text = await payload.create({
      collection: 'contract-texts',
      data: { ...base, code: 1, title: 'Consolidato', scope: 'national', edition: 'consolidated' },
    })
    expect([text.contractCode, text.sectorCode, text.typeCode]).toEqual([133, 11, 'CCNL'])
    expect(
      await rejection(
        payload.create({
          collection: 'contract-texts',
          data: { ...base, code: 2, title: 'Altro', scope: 'national', edition: 'consolidated' },
        }),
      ),
    ).toBe('Il contratto ha già un testo consolidato (codice 1): spostalo in archivio prima.')
    expect(
      await rejection(
        payload.create({
          collection: 'contract-texts',
          data: { ...base, code: 3, title: 'T', scope: 'territorial' },
        }),
      ),
    ).toBe('Indica la regione o la provincia.')
  })

  it('sanitises HTML written in the admin', async () => {
    const contract = await payload.findByID({ collection: 'contracts', id: contractId })
    expect(contract.noteHtml).toBe('<p>Nota</p>')
  })
})

describe('admin editors', () => {
  it('edit every HTML and JSON field with the local source editor, never one loaded from a CDN', () => {
    // Payload's default code editor fetches Monaco from a CDN, which the admin's CSP blocks.
    type AnyField = {
      type: string
      name?: string
      hidden?: boolean
      admin?: { hidden?: boolean; components?: { Field?: unknown } }
      fields?: AnyField[]
      tabs?: { fields: AnyField[] }[]
      blocks?: { fields: AnyField[] }[]
    }
    const withoutEditor: string[] = []
    const walk = (owner: string, fields: AnyField[]) => {
      for (const field of fields) {
        const isSource = field.type === 'code' || field.type === 'json'
        if (isSource && !field.hidden && !field.admin?.hidden && !field.admin?.components?.Field) {
          withoutEditor.push(`${owner}.${field.name}`)
        }
        if (field.fields) walk(owner, field.fields)
        for (const tab of field.tabs ?? []) walk(owner, tab.fields)
        for (const block of field.blocks ?? []) walk(owner, block.fields)
      }
    }
    // Payload's own collections and globals (jobs, preferences, key-value store) are not edited in the admin.
    const ours = payload.config.collections.filter((collection) => !collection.slug.startsWith('payload-'))
    for (const collection of ours) walk(collection.slug, collection.fields as AnyField[])
    for (const global of payload.config.globals.filter((global) => !global.slug.startsWith('payload-'))) {
      walk(global.slug, global.fields as AnyField[])
    }
    expect(withoutEditor).toEqual([])
  })
})

describe('news written by editors', () => {
  it('renders the rich-text body into the published HTML', async () => {
    const news = await payload.create({
      collection: 'news',
      data: {
        title: 'Nuove tabelle',
        body: lexical('Tabelle aggiornate') as never,
        type: 'changelog',
        date: '2026-11-20T12:00:00.000Z',
      },
      user: editor,
      overrideAccess: false,
    })
    expect(news.html).toBe('<p><strong>Tabelle aggiornate</strong></p>')
    expect(news._status).toBe('draft')
  })

  it('publishes a scheduled item when the jobs queue runs', async () => {
    const news = await payload.create({
      collection: 'news',
      data: { title: 'Scadenza F24', type: 'deadline', _status: 'draft' },
      draft: true,
    })
    await payload.jobs.queue({
      task: 'schedulePublish',
      input: {
        type: 'publish',
        doc: { relationTo: 'news', value: news.id },
        user: { relationTo: 'users', value: editor.id },
      },
      waitUntil: new Date(Date.now() + 60_000),
    })
    await payload.jobs.run({ queue: 'default' })
    expect((await payload.findByID({ collection: 'news', id: news.id }))._status).toBe('draft')

    await drizzle().execute(sql`update payload_jobs set wait_until = now() - interval '1 second'`)
    await payload.jobs.run({ queue: 'default' })
    expect((await payload.findByID({ collection: 'news', id: news.id }))._status).toBe('published')
  })
})

describe('access', () => {
  it('lets editors change the database but only admins delete from it', async () => {
    const sector = await payload.create({
      collection: 'sectors',
      data: { code: 90, name: 'Da eliminare' },
      user: editor,
      overrideAccess: false,
    })
    await expect(
      payload.delete({ collection: 'sectors', id: sector.id, user: editor, overrideAccess: false }),
    ).rejects.toThrow()
    const admin = await payload.create({
      collection: 'users',
      data: { email: `admin-${Date.now()}@example.it`, password: 'Prova-2026!', roles: ['admin'] },
    })
    await payload.delete({ collection: 'sectors', id: sector.id, user: admin, overrideAccess: false })
  })

  it('keeps the import log read-only for people', async () => {
    await expect(
      payload.create({
        collection: 'import-runs',
        data: { title: 'Finta', status: 'succeeded', trigger: 'cli', format: 'package' },
        user: editor,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
  })

  it('shows anonymous visitors images but not documents', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const image = await payload.create({
      collection: 'media',
      data: { alt: 'Logo' },
      file: { data: png, mimetype: 'image/png', name: 'logo.png', size: png.length },
    })
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/)
    const visible = await payload.find({ collection: 'media', overrideAccess: false })
    expect(visible.docs.map((doc) => doc.filename)).toEqual(['logo.png'])
  })
})
