/**
 * The Typesense engine against a live server: runs when TYPESENSE_URL (and
 * TYPESENSE_API_KEY) point at a Typesense that answers, and is skipped
 * otherwise. It works in collections of its own, beside any portal index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv } from '../platform/index.ts'
import { contractText } from './fixtures/content.ts'
import { contractQueries, fixtureDocuments, newsQueries, sectionQueries } from './fixtures/index-fixture.ts'
import type { SearchIndex } from './index.ts'
import { createTypesenseClient, createTypesenseSearch, typesenseAliases } from './typesense.ts'

const env = getEnv()
const client =
  env.TYPESENSE_URL && env.TYPESENSE_API_KEY
    ? createTypesenseClient({ url: env.TYPESENSE_URL, apiKey: env.TYPESENSE_API_KEY })
    : undefined
const reachable = client
  ? await client.health.retrieve().then(
      (health) => health.ok,
      () => false,
    )
  : false
const prefix = `bancadati_prova_${process.pid}_`

describe.skipIf(!reachable)('Typesense engine on a live server', () => {
  let search: SearchIndex

  beforeAll(async () => {
    if (!client) throw new Error('client Typesense non configurato')
    search = createTypesenseSearch(client, { prefix })
    await search.reindex([fixtureDocuments()])
  })

  afterAll(async () => {
    if (!client) return
    for (const alias of Object.values(typesenseAliases(prefix))) {
      const target = await client.aliases(alias).retrieve()
      await client.aliases(alias).delete()
      await client.collections(target.collection_name).delete()
    }
  })

  it.each(contractQueries.filter((fixture) => fixture.top.length > 0))(
    'contract search "$query" finds $top ($why)',
    async ({ query, top }) => {
      const hits = await search.searchContracts(query)
      expect(hits.slice(0, 3).map((hit) => hit.categoryCode)).toContain(top[0])
    },
  )

  it.each(newsQueries.filter((fixture) => fixture.top.length > 0))(
    'news search "$query" $options finds $top ($why)',
    async ({ query, options, top }) => {
      const { hits } = await search.searchNews(query, options)
      const found = hits.slice(0, 3).map((hit) => hit.guid)
      // Without text the order is by date alone, and must match exactly.
      if (query === '') expect(found).toEqual(top)
      else expect(found).toContain(top[0])
    },
  )

  it.each(sectionQueries.filter((fixture) => fixture.anchors.length > 0))(
    'in-document search "$query" finds $anchors ($why)',
    async ({ query, anchors }) => {
      const hits = await search.searchInDocument(contractText.code, query)
      expect(hits.map((hit) => hit.anchor)).toEqual(expect.arrayContaining([anchors[0]]))
      expect(hits.every((hit) => hit.textCode === contractText.code)).toBe(true)
    },
  )

  it('forgets removed news and replaced sections', async () => {
    await search.remove({ kind: 'news', guids: ['n-liberta-sindacale'] })
    expect((await search.searchNews('liberta sindacale')).hits.map((hit) => hit.guid)).not.toContain(
      'n-liberta-sindacale',
    )
    await search.remove({ kind: 'textSection', textCodes: [contractText.code] })
    expect(await search.searchInDocument(contractText.code, 'ferie')).toEqual([])
  })
})
