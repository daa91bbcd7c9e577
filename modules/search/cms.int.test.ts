/**
 * The index and the content collections: a full rebuild from Payload, and the
 * collection hooks on publish, change and delete (drafts stay out).
 */
import type { Payload, PayloadRequest } from 'payload'
import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { poolOf } from '../cms/index.ts'
import { getLogger } from '../platform/index.ts'
import { createSearchHooks } from './cms-hooks.ts'
import { createPostgresSearch, reindexAll, SKIP_SEARCH_INDEX, type SearchIndex } from './index.ts'

let payload: Payload
let close: () => Promise<void>
let search: SearchIndex
let hooks: ReturnType<typeof createSearchHooks>
let req: PayloadRequest

type Doc = Record<string, unknown> & { id: number }
const created: { collection: string; id: number }[] = []
const ids: Record<'textType' | 'sector' | 'contract' | 'category' | 'published' | 'draft' | 'text', number> =
  {
    textType: 0,
    sector: 0,
    contract: 0,
    category: 0,
    published: 0,
    draft: 0,
    text: 0,
  }

async function create(collection: string, data: Record<string, unknown>, draft = false): Promise<Doc> {
  const doc = (await payload.create({
    collection: collection as 'sectors',
    data: data as never,
    draft,
    overrideAccess: true,
  })) as unknown as Doc
  created.push({ collection, id: doc.id })
  return doc
}

async function update(
  collection: string,
  id: number,
  data: Record<string, unknown>,
  draft = false,
  context: Record<string, unknown> = {},
) {
  return (await payload.update({
    collection: collection as 'sectors',
    id,
    data: data as never,
    draft,
    context,
    overrideAccess: true,
    depth: 0,
  })) as unknown as Doc
}

const find = (collection: string, id: number) =>
  payload.findByID({
    collection: collection as 'sectors',
    id,
    depth: 0,
    overrideAccess: true,
  }) as unknown as Promise<Doc>

/** Arguments Payload passes to collection hooks. */
const hookArgs = (collection: string, doc: Doc, previousDoc?: Doc) =>
  ({
    collection: payload.collections[collection as 'sectors'].config,
    context: req.context,
    doc,
    id: doc.id,
    previousDoc: previousDoc ?? doc,
    data: doc,
    operation: 'update',
    req,
  }) as never

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  search = createPostgresSearch(poolOf(payload))
  hooks = createSearchHooks(async () => search)
  req = await createLocalReq({}, payload)

  ids.textType = (await create('text-types', { code: 'CCNLPROVA', name: 'CCNL di prova' })).id
  ids.sector = (await create('sectors', { code: 9901, name: 'Cartaio e cartotecnico' })).id
  ids.contract = (
    await create('contracts', {
      code: 9902,
      title: 'Cartotecnica industria',
      sector: ids.sector,
      cnelCode: 'Q991',
    })
  ).id
  ids.category = (
    await create('categories', {
      code: 9903,
      name: 'Addetti alla trasformazione della carta',
      contract: ids.contract,
    })
  ).id
  ids.published = (
    await create('news', {
      title: 'Cartotecnici: le nuove tabelle retributive',
      type: 'news',
      date: '2026-05-04T12:00:00.000Z',
      html: '<p>Aumenti per gli addetti alla trasformazione della carta.</p><p>Le nuove tabelle valgono dal primo maggio per tutti i livelli del contratto nazionale.</p>',
      sectors: [ids.sector],
      contracts: [ids.contract],
      _status: 'published',
    })
  ).id
  ids.draft = (
    await create(
      'news',
      {
        title: 'Cartotecnici: bozza riservata sul premio di risultato',
        type: 'deadline',
        date: '2026-06-30T12:00:00.000Z',
        html: '<p>Testo non ancora pubblicato.</p>',
        sectors: [ids.sector],
        _status: 'draft',
      },
      true,
    )
  ).id
  ids.text = (
    await create('contract-texts', {
      code: 9904,
      title: 'CCNL Cartotecnica industria',
      scope: 'national',
      edition: 'archive',
      date: '2026-01-01T12:00:00.000Z',
      contract: ids.contract,
      textType: ids.textType,
      html: '<h3 id="art-5">Art. 5 - Ferie</h3><p>Le ferie dei cartotecnici sono di quattro settimane.</p>',
      nav: [{ text: 'Art. 5 - Ferie', value: 'art-5', children: [] }],
    })
  ).id
})

afterAll(async () => {
  for (const { collection, id } of created.reverse()) {
    await payload
      .delete({ collection: collection as 'sectors', id, overrideAccess: true })
      .catch(() => undefined)
  }
  await search.remove({ kind: 'contract', sectorCodes: [9901] })
  await search.remove({ kind: 'textSection', textCodes: [9904] })
  await close()
})

describe('rebuilding the index from the content collections', () => {
  it('indexes categories with their contract and sector, published news and texts', async () => {
    const report = await reindexAll(payload, search)
    expect(report.contracts).toBeGreaterThanOrEqual(1)
    expect(report.news).toBeGreaterThanOrEqual(1)
    expect(report.textSections).toBeGreaterThanOrEqual(1)

    expect(await search.searchContracts('Q991')).toEqual([
      {
        categoryCode: 9903,
        categoryName: 'Addetti alla trasformazione della carta',
        contractCode: 9902,
        contractTitle: 'Cartotecnica industria',
        cnelCode: 'Q991',
        sectorCode: 9901,
        sectorName: 'Cartaio e cartotecnico',
      },
    ])
    const published = await find('news', ids.published)
    const { hits } = await search.searchNews('cartotecnici')
    expect(hits).toEqual([
      {
        guid: published.guid,
        slug: published.slug,
        title: 'Cartotecnici: le nuove tabelle retributive',
        excerpt: 'Aumenti per gli addetti alla trasformazione della carta.',
        date: '2026-05-04',
        type: 'news',
        sectorCodes: [9901],
        contractCodes: [9902],
      },
    ])
    const [section] = await search.searchInDocument(9904, 'ferie')
    expect(section).toMatchObject({ anchor: 'art-5', heading: 'Art. 5 - Ferie' })
  })
})

describe('collection hooks', () => {
  it('indexes a news item when it is published, not while it is a draft', async () => {
    const draft = await find('news', ids.draft)
    await hooks.news.afterChange(hookArgs('news', draft))
    expect((await search.searchNews('bozza riservata')).hits).toEqual([])

    const published = await update('news', ids.draft, { _status: 'published' })
    await hooks.news.afterChange(hookArgs('news', published, draft))
    const { hits } = await search.searchNews('bozza riservata', { type: 'deadline' })
    expect(hits.map((hit) => [hit.guid, hit.date, hit.sectorCodes])).toEqual([
      [published.guid, '2026-06-30', [9901]],
    ])
  })

  it('keeps the published text while an editor saves a draft over it', async () => {
    const revision = await update('news', ids.draft, { title: 'Cartotecnici: titolo in revisione' }, true)
    expect(revision._status).toBe('draft')
    await hooks.news.afterChange(hookArgs('news', revision))
    expect((await search.searchNews('revisione')).hits).toEqual([])
    expect((await search.searchNews('bozza riservata')).hits).toHaveLength(1)
  })

  it('drops a news item when it is unpublished or deleted', async () => {
    const unpublished = await update('news', ids.draft, { _status: 'draft' })
    await hooks.news.afterChange(hookArgs('news', unpublished))
    expect((await search.searchNews('bozza riservata')).hits).toEqual([])

    const published = await find('news', ids.published)
    await hooks.news.afterDelete(hookArgs('news', published))
    expect((await search.searchNews('cartotecnici')).hits).toEqual([])
    await hooks.news.afterChange(hookArgs('news', published))
    expect((await search.searchNews('cartotecnici')).hits).toHaveLength(1)
  })

  it('follows a renamed category, contract and sector', async () => {
    const category = await update('categories', ids.category, {
      name: 'Addetti alla produzione di imballaggi',
    })
    await hooks.categories.afterChange(hookArgs('categories', category))
    expect((await search.searchContracts('imballaggi')).map((hit) => hit.categoryCode)).toEqual([9903])

    const contract = await update('contracts', ids.contract, { title: 'Carta e cartotecnica industria' })
    await hooks.contracts.afterChange(hookArgs('contracts', contract))
    expect((await search.searchContracts('Q991'))[0]?.contractTitle).toBe('Carta e cartotecnica industria')

    const before = await find('sectors', ids.sector)
    const sector = await update('sectors', ids.sector, { name: 'Poligrafici e cartai' })
    await hooks.sectors.afterChange(hookArgs('sectors', sector, before))
    expect((await search.searchContracts('Q991'))[0]?.sectorName).toBe('Poligrafici e cartai')
  })

  it('replaces the sections of a changed text and drops those of a deleted one', async () => {
    const text = await update('contract-texts', ids.text, {
      html: '<h3 id="art-6">Art. 6 - Permessi</h3><p>Permessi retribuiti per i cartotecnici.</p>',
      nav: [{ text: 'Art. 6 - Permessi', value: 'art-6', children: [] }],
    })
    await hooks.contractTexts.afterChange(hookArgs('contract-texts', text))
    expect(await search.searchInDocument(9904, 'ferie')).toEqual([])
    expect((await search.searchInDocument(9904, 'permessi')).map((hit) => hit.anchor)).toEqual(['art-6'])
    await hooks.contractTexts.afterDelete(hookArgs('contract-texts', text))
    expect(await search.searchInDocument(9904, 'permessi')).toEqual([])
  })

  it('drops the entries of a deleted category', async () => {
    const category = await find('categories', ids.category)
    await hooks.categories.afterDelete(hookArgs('categories', category))
    expect(await search.searchContracts('Q991')).toEqual([])
    await hooks.categories.afterChange(hookArgs('categories', category))
    expect(await search.searchContracts('Q991')).toHaveLength(1)
  })

  it('indexes an editor’s write through the collection’s own hooks', async () => {
    await update('categories', ids.category, { name: 'Lavoranti in legatoria artigiana' })
    const hits = await search.searchContracts('legatoria')
    expect(hits[0]?.categoryName).toBe('Lavoranti in legatoria artigiana')
  })

  it('does nothing on writes that rebuild the index afterwards', async () => {
    // The collections' own hooks honour the same flag, so the write itself indexes nothing either.
    const category = await update('categories', ids.category, { name: 'Grafici editoriali' }, false, {
      [SKIP_SEARCH_INDEX]: true,
    })
    req.context[SKIP_SEARCH_INDEX] = true
    try {
      await hooks.categories.afterChange(hookArgs('categories', category))
    } finally {
      delete req.context[SKIP_SEARCH_INDEX]
    }
    // Demo contracts of the shared test database may match too; only this category matters.
    const hits = await search.searchContracts('editoriali')
    expect(hits.filter((hit) => hit.categoryCode === 9903)).toEqual([])
  })

  it('keeps the editor’s change when the index cannot be updated', async () => {
    const failing = createSearchHooks(async () => ({
      ...search,
      upsert: () => Promise.reject(new Error('indice non raggiungibile')),
    }))
    const category = await find('categories', ids.category)
    await expect(failing.categories.afterChange(hookArgs('categories', category))).resolves.toEqual(category)
  })
})
