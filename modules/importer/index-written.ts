import type { CollectionSlug, Payload } from 'payload'
import { getLogger } from '../platform/index.ts'
import { getSearch, indexChanges, type ContentChanges, type IndexChangesReport } from '../search/index.ts'
import type { RecordData, WrittenListener } from './engine.ts'

/** The natural keys of the searchable records an import wrote, gathered while it runs. */
export type WrittenRecords = { onWritten: WrittenListener; changes: () => ContentChanges }

/** Gathers, from the records an import stores, which of them the search index shows. */
/** The collections whose records change how their contract ranks in the search. */
const contractSignals = new Set<string>(['contract-texts', 'pay-tables', 'summaries', 'contract-aliases'])

export function collectWritten(): WrittenRecords {
  const codes = {
    sectors: new Set<number>(),
    contracts: new Set<number>(),
    categories: new Set<number>(),
    'contract-texts': new Set<number>(),
  } satisfies Partial<Record<CollectionSlug, Set<number>>>
  const guids = new Set<string>()
  const cnelCodes = new Set<string>()
  const onWritten: WrittenListener = (collection, records: readonly RecordData[]) => {
    if (collection === 'news') {
      for (const record of records) if (typeof record.guid === 'string') guids.add(record.guid)
      return
    }
    // A contract's content (texts, pay tables, summaries) and everyday names rank it: index it again.
    if (contractSignals.has(collection)) {
      for (const record of records) {
        if (typeof record.contractCode === 'number') codes.contracts.add(record.contractCode)
        else if (typeof record.cnelCode === 'string') cnelCodes.add(record.cnelCode)
      }
    }
    const target = (codes as Partial<Record<CollectionSlug, Set<number>>>)[collection]
    if (!target) return
    for (const record of records) if (typeof record.code === 'number') target.add(record.code)
  }
  return {
    onWritten,
    changes: () => ({
      sectorCodes: [...codes.sectors],
      contractCodes: [...codes.contracts],
      categoryCodes: [...codes.categories],
      textCodes: [...codes['contract-texts']],
      newsGuids: [...guids],
      contractCnelCodes: [...cnelCodes],
    }),
  }
}

/**
 * Indexes at once what an import stored (its bulk writes skip the collection
 * hooks): the changed records' documents, or the whole index when the import
 * changed more than the search module's threshold. The search answers of
 * every instance are emptied by the index write. A failure is logged, never
 * fails the import: `npm run search:reindex` repairs the index.
 */
export async function indexWritten(
  payload: Payload,
  written: WrittenRecords,
): Promise<IndexChangesReport | undefined> {
  try {
    const report = await indexChanges(payload, await getSearch(payload), written.changes())
    if (report.mode !== 'none') getLogger().info(report, 'Indice di ricerca aggiornato dopo l’importazione')
    return report
  } catch (error) {
    getLogger().error(
      { err: error },
      'Aggiornamento dell’indice di ricerca dopo l’importazione non riuscito: eseguire npm run search:reindex',
    )
    return undefined
  }
}
