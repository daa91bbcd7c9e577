/**
 * Bulk updates of the index: the records an import wrote without the
 * collection hooks, read back by natural key, or a whole rebuild beyond
 * REBUILD_AFTER_CHANGES records.
 */
import type { Payload, Where } from 'payload'
import {
  categoryDoc,
  contractDoc,
  contractTextDoc,
  entriesOf,
  hasCollection,
  idsOf,
  indexedCollections,
  loadLookup,
  newsDoc,
  newsDocumentOf,
  newsHasDrafts,
  readList,
  reindexAll,
} from './cms-records.ts'
import { textSections } from './documents.ts'
import type { SearchIndex } from './search-index.ts'

/** Records whose index documents a bulk write (an import) changed, by natural key. */
export type ContentChanges = {
  sectorCodes: readonly number[]
  contractCodes: readonly number[]
  categoryCodes: readonly number[]
  newsGuids: readonly string[]
  textCodes: readonly number[]
  /** Contracts named by their CNEL code (an everyday name stored before its contract). */
  contractCnelCodes?: readonly string[]
}

/** What `indexChanges` did: nothing, the changed records' documents, or a rebuild of the whole index. */
export type IndexChangesReport = { mode: 'none' | 'changes' | 'rebuild'; documents: number }

/**
 * More changed records than this and `indexChanges` rebuilds the whole index
 * (one pass over every collection) instead of reading them back a list at a time.
 */
export const REBUILD_AFTER_CHANGES = 5000

/** Lists of at most `size` values (a `where … in` of reasonable length). */
function* slices<T>(values: readonly T[], size = 1000): Generator<T[]> {
  for (let start = 0; start < values.length; start += size) yield values.slice(start, start + size)
}

/**
 * Brings the index in step with records written without the collection hooks
 * (an import's bulk writes): the records are read back from the collections
 * and their documents replace the indexed ones (the categories of a changed
 * sector or contract with them; a news item no longer published and a text
 * without sections leave the index). Beyond REBUILD_AFTER_CHANGES records the
 * whole index is rebuilt.
 */
export async function indexChanges(
  payload: Payload,
  search: SearchIndex,
  changes: ContentChanges,
): Promise<IndexChangesReport> {
  const named = changes.contractCnelCodes ?? []
  if (named.length > 0 && hasCollection(payload, indexedCollections.contracts)) {
    const contracts = await readList(payload, indexedCollections.contracts, contractDoc, {
      where: { cnelCode: { in: [...named] } },
    })
    changes = {
      ...changes,
      contractCodes: [...new Set([...changes.contractCodes, ...contracts.map((c) => c.code)])],
    }
  }
  const total =
    changes.sectorCodes.length +
    changes.contractCodes.length +
    changes.categoryCodes.length +
    changes.newsGuids.length +
    changes.textCodes.length
  if (total === 0) return { mode: 'none', documents: 0 }
  if (total > REBUILD_AFTER_CHANGES) {
    const report = await reindexAll(payload, search)
    return { mode: 'rebuild', documents: report.contracts + report.news + report.textSections }
  }
  let documents = 0
  const haveTree = [indexedCollections.sectors, indexedCollections.contracts].every((slug) =>
    hasCollection(payload, slug),
  )
  const categoryKeys = [
    ['sectorCode', changes.sectorCodes],
    ['contractCode', changes.contractCodes],
    ['code', changes.categoryCodes],
  ] as const
  if (haveTree && hasCollection(payload, indexedCollections.categories)) {
    for (const [field, codes] of categoryKeys) {
      for (const slice of slices(codes)) {
        const categories = await readList(payload, indexedCollections.categories, categoryDoc, {
          where: { [field]: { in: slice } },
        })
        if (categories.length === 0) continue
        const lookup = await loadLookup(
          payload,
          undefined,
          { contracts: idsOf(categories.map((category) => category.contract)) },
          true,
        )
        const entries = entriesOf(categories, lookup)
        await search.upsert(entries)
        documents += entries.length
      }
    }
  }
  if (hasCollection(payload, indexedCollections.news)) {
    const published = newsHasDrafts(payload) ? { _status: { equals: 'published' } } : undefined
    for (const slice of slices(changes.newsGuids)) {
      const guids: Where = { guid: { in: slice } }
      const docs = await readList(payload, indexedCollections.news, newsDoc, {
        where: published ? { and: [guids, published] } : guids,
      })
      const lookup = await loadLookup(payload, undefined, {
        sectors: idsOf(docs.flatMap((doc) => doc.sectors ?? [])),
        contracts: idsOf(docs.flatMap((doc) => doc.contracts ?? [])),
      })
      const found = new Set(docs.map((doc) => doc.guid))
      const gone = slice.filter((guid) => !found.has(guid))
      if (gone.length > 0) await search.remove({ kind: 'news', guids: gone })
      if (docs.length > 0) await search.upsert(docs.map((doc) => newsDocumentOf(doc, lookup)))
      documents += docs.length
    }
  }
  if (hasCollection(payload, indexedCollections.contractTexts)) {
    for (const slice of slices(changes.textCodes, 50)) {
      const texts = await readList(payload, indexedCollections.contractTexts, contractTextDoc, {
        where: { code: { in: slice } },
      })
      const sections = texts.flatMap((text) =>
        textSections({ code: text.code, title: text.title, html: text.html ?? '', nav: text.nav }),
      )
      const withSections = new Set(sections.map((section) => section.textCode))
      const empty = slice.filter((code) => !withSections.has(code))
      if (empty.length > 0) await search.remove({ kind: 'textSection', textCodes: empty })
      if (sections.length > 0) await search.upsert(sections)
      documents += sections.length
    }
  }
  return { mode: 'changes', documents }
}
