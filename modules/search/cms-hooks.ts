/**
 * Collection hooks that keep the index in step with an editor's changes
 * (published news only). A failed update is logged; the change stands.
 */
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionSlug,
  Payload,
  PayloadRequest,
  Where,
} from 'payload'
import { getLogger } from '../platform/index.ts'
import {
  aliasDoc,
  categoryDoc,
  contractDoc,
  contractTextDoc,
  entriesOf,
  idsOf,
  indexedCollections,
  loadLookup,
  newsDoc,
  newsDocumentOf,
  readList,
  sectorDoc,
  SKIP_SEARCH_INDEX,
  type AliasDoc,
} from './cms-records.ts'
import { textSections } from './documents.ts'
import type { SearchIndex } from './search-index.ts'

type SearchProvider = (payload: Payload) => Promise<SearchIndex>

/** Logs a failed index update: the editor's change stands, and `npm run search:reindex` repairs the index. */
function reportFailure(collection: string, operation: string, error: unknown) {
  getLogger().error(
    { err: error, collection, operation },
    'Aggiornamento dell’indice di ricerca non riuscito: eseguire npm run search:reindex',
  )
}

const skip = (req: PayloadRequest) => req.context?.[SKIP_SEARCH_INDEX] === true

/** Re-reads and indexes the categories matching `where` (with their contracts and sectors). */
async function indexCategories(payload: Payload, req: PayloadRequest, search: SearchIndex, where: Where) {
  const categories = await readList(payload, indexedCollections.categories, categoryDoc, { req, where })
  if (categories.length === 0) return
  const lookup = await loadLookup(
    payload,
    req,
    { contracts: idsOf(categories.map((category) => category.contract)) },
    true,
  )
  await search.upsert(entriesOf(categories, lookup))
}

const contractCodeOf = (doc: unknown): number | undefined => {
  const code = (doc as { contractCode?: unknown } | null | undefined)?.contractCode
  return typeof code === 'number' ? code : undefined
}

/**
 * A record of a contract's content (text, pay table, summary) created, moved
 * to another contract or deleted: the contracts involved are indexed again
 * with their content score. An edit that keeps the contract changes nothing.
 */
async function indexContentChange(
  req: PayloadRequest,
  search: SearchIndex,
  operation: 'create' | 'update' | 'delete',
  doc: unknown,
  previousDoc?: unknown,
) {
  const now = contractCodeOf(doc)
  const before = operation === 'update' ? contractCodeOf(previousDoc) : undefined
  if (operation === 'update' && now === before) return
  const codes = [...new Set([now, before])].filter((code) => code !== undefined)
  if (codes.length === 0) return
  await indexCategories(req.payload, req, search, { contractCode: { in: codes } })
}

/** Indexes again the contracts that everyday names point at, directly or by CNEL code. */
async function indexAliasTargets(req: PayloadRequest, search: SearchIndex, aliases: readonly AliasDoc[]) {
  const ids = idsOf(aliases.map((alias) => alias.contract))
  const cnelCodes = [
    ...new Set(aliases.flatMap((alias) => (alias.cnelCode ? [alias.cnelCode.trim().toUpperCase()] : []))),
  ]
  if (cnelCodes.length > 0) {
    const named = await readList(req.payload, indexedCollections.contracts, contractDoc, {
      req,
      where: { cnelCode: { in: cnelCodes } },
    })
    ids.push(...named.map((contract) => contract.id))
  }
  if (ids.length === 0) return
  await indexCategories(req.payload, req, search, { contract: { in: [...new Set(ids)] } })
}

/**
 * Collection hooks that keep the index in step with the content. Each value is
 * a `{ afterChange, afterDelete }` pair for the collection of the same name.
 */
export function createSearchHooks(getSearch: SearchProvider) {
  const guarded =
    <Args extends { req: PayloadRequest; collection: { slug: string } }>(
      operation: string,
      work: (args: Args, search: SearchIndex) => Promise<void>,
    ) =>
    async (args: Args) => {
      if (skip(args.req)) return
      try {
        await work(args, await getSearch(args.req.payload))
      } catch (error) {
        reportFailure(args.collection.slug, operation, error)
      }
    }

  const afterChange = (
    work: (args: Parameters<CollectionAfterChangeHook>[0], search: SearchIndex) => Promise<void>,
  ): CollectionAfterChangeHook => {
    const run = guarded('afterChange', work)
    return async (args) => {
      await run(args)
      return args.doc
    }
  }
  const afterDelete = (
    work: (args: Parameters<CollectionAfterDeleteHook>[0], search: SearchIndex) => Promise<void>,
  ): CollectionAfterDeleteHook => {
    const run = guarded('afterDelete', work)
    return async (args) => {
      await run(args)
      return args.doc
    }
  }

  const contentHooks = {
    afterChange: afterChange(async ({ doc, previousDoc, operation, req }, search) => {
      await indexContentChange(req, search, operation, doc, previousDoc)
    }),
    afterDelete: afterDelete(async ({ doc, req }, search) => {
      await indexContentChange(req, search, 'delete', doc)
    }),
  }

  return {
    sectors: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const sector = sectorDoc.parse(doc)
        const previous = sectorDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code === sector.code && previous.data.name === sector.name)
          return
        const contracts = await readList(req.payload, indexedCollections.contracts, contractDoc, {
          req,
          where: { sector: { equals: sector.id } },
        })
        if (contracts.length === 0) return
        await indexCategories(req.payload, req, search, {
          contract: { in: contracts.map((contract) => contract.id) },
        })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', sectorCodes: [sectorDoc.parse(doc).code] })
      }),
    },
    contracts: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const contract = contractDoc.parse(doc)
        const previous = contractDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code !== contract.code) {
          await search.remove({ kind: 'contract', contractCodes: [previous.data.code] })
        }
        await indexCategories(req.payload, req, search, { contract: { equals: contract.id } })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', contractCodes: [contractDoc.parse(doc).code] })
      }),
    },
    categories: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const category = categoryDoc.parse(doc)
        const previous = categoryDoc.safeParse(previousDoc)
        if (previous.success && previous.data.code !== category.code) {
          await search.remove({ kind: 'contract', categoryCodes: [previous.data.code] })
        }
        await indexCategories(req.payload, req, search, { id: { equals: category.id } })
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'contract', categoryCodes: [categoryDoc.parse(doc).code] })
      }),
    },
    news: {
      afterChange: afterChange(async ({ doc, req }, search) => {
        let item = newsDoc.parse(doc)
        if (item._status === 'draft') {
          // A draft saved over a published item leaves the published item in place.
          const current = await req.payload.findByID({
            collection: indexedCollections.news as CollectionSlug,
            id: item.id,
            draft: false,
            depth: 0,
            req,
            overrideAccess: true,
            disableErrors: true,
          })
          const published = newsDoc.safeParse(current)
          if (!published.success || published.data._status !== 'published') {
            await search.remove({ kind: 'news', guids: [item.guid] })
            return
          }
          item = published.data
        }
        const lookup = await loadLookup(req.payload, req, {
          sectors: idsOf(item.sectors),
          contracts: idsOf(item.contracts),
        })
        await search.upsert([newsDocumentOf(item, lookup)])
      }),
      afterDelete: afterDelete(async ({ doc }, search) => {
        await search.remove({ kind: 'news', guids: [newsDoc.parse(doc).guid] })
      }),
    },
    contractTexts: {
      afterChange: afterChange(async ({ doc, previousDoc, operation, req }, search) => {
        const text = contractTextDoc.parse(doc)
        const previous = contractTextDoc.safeParse(previousDoc)
        const stale = previous.success && previous.data.code !== text.code ? [previous.data.code] : []
        const sections = textSections({
          code: text.code,
          title: text.title,
          html: text.html ?? '',
          nav: text.nav,
        })
        if (sections.length === 0) stale.push(text.code)
        if (stale.length > 0) await search.remove({ kind: 'textSection', textCodes: stale })
        if (sections.length > 0) await search.upsert(sections)
        await indexContentChange(req, search, operation, doc, previousDoc)
      }),
      afterDelete: afterDelete(async ({ doc, req }, search) => {
        await search.remove({ kind: 'textSection', textCodes: [contractTextDoc.parse(doc).code] })
        await indexContentChange(req, search, 'delete', doc)
      }),
    },
    /** A pay table added or removed changes its contract's content score. */
    payTables: contentHooks,
    /** A summary added or removed changes its contract's content score. */
    summaries: contentHooks,
    /** An everyday name added, changed or removed: the contracts it named and names are indexed again. */
    aliases: {
      afterChange: afterChange(async ({ doc, previousDoc, req }, search) => {
        const targets = [aliasDoc.parse(doc)]
        const previous = aliasDoc.safeParse(previousDoc)
        if (previous.success) targets.push(previous.data)
        await indexAliasTargets(req, search, targets)
      }),
      afterDelete: afterDelete(async ({ doc, req }, search) => {
        await indexAliasTargets(req, search, [aliasDoc.parse(doc)])
      }),
    },
  }
}
