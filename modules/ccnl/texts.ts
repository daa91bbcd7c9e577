/**
 * Contract texts: the lists (public), the index and topic trees (public,
 * without `/29999` nodes), the full text (consolidated: subscription or
 * trial; archive, territorial and company texts: Professional) and the
 * in-document search (subscription or trial, and the right to read the text).
 */
import {
  calendarDay,
  sanitizeHtml,
  searchDocument,
  visibleTree,
  MIN_DOCUMENT_QUERY,
  type TreeNode,
} from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, canRead, type ContentLevel, type Reader } from './access.ts'
import { findAll, findOne, topicsOf, treeOf } from './store.ts'
import { databaseCache } from './read-cache.ts'

type TextDoc = {
  id: number
  code: number
  title: string
  scope: 'national' | 'territorial' | 'company'
  edition?: 'consolidated' | 'archive' | null
  date: string
  effectiveDate?: string | null
  typeCode?: string | null
  contractCode?: number | null
  regionCode?: string | null
  provinceCode?: string | null
  companyCode?: number | null
  html?: string
  nav?: unknown
  topics?: unknown
}

/** A text without its body (list entries). */
export type TextSummary = {
  codiceTesto: number
  titolo: string
  tipo: string
  /** The day of the text (its signature), `YYYY-MM-DD`. */
  data: string
  /** The day its rules take effect, when another than `data` (`YYYY-MM-DD`). */
  decorrenza: string | null
  ambito: 'national' | 'territorial' | 'company'
  edizione: 'consolidated' | 'archive' | null
  regione: string | null
  /** `-1` for national texts. */
  provincia: string
  azienda: number | null
  codiceContratto: number
}

export type ContractText = TextSummary & { interoHTML: string }

const listFields = {
  code: true,
  title: true,
  scope: true,
  edition: true,
  date: true,
  effectiveDate: true,
  typeCode: true,
  contractCode: true,
  regionCode: true,
  provinceCode: true,
  companyCode: true,
} as Record<string, true>

function summaryOf(doc: TextDoc): TextSummary {
  return {
    codiceTesto: doc.code,
    titolo: doc.title,
    tipo: doc.typeCode ?? '',
    data: calendarDay(doc.date),
    decorrenza: doc.effectiveDate ? calendarDay(doc.effectiveDate) : null,
    ambito: doc.scope,
    edizione: doc.edition ?? null,
    regione: doc.regionCode ?? null,
    provincia: doc.scope === 'national' ? '-1' : (doc.provinceCode ?? '-1'),
    azienda: doc.companyCode ?? null,
    codiceContratto: doc.contractCode ?? 0,
  }
}

/** What reading a text needs. */
export function textLevel(text: Pick<TextSummary, 'ambito' | 'edizione'>): ContentLevel {
  if (text.ambito !== 'national') return 'territorial'
  return text.edizione === 'archive' ? 'archive' : 'inForce'
}

export async function listTexts(where: {
  contractCode: number
  scope: TextDoc['scope']
  edition?: 'consolidated' | 'archive'
  regionCode?: string
  provinceCode?: string
  companyCode?: number
}): Promise<TextSummary[]> {
  const filter: Record<string, unknown>[] = [
    { contractCode: { equals: where.contractCode } },
    { scope: { equals: where.scope } },
  ]
  if (where.edition) filter.push({ edition: { equals: where.edition } })
  if (where.regionCode) filter.push({ regionCode: { equals: where.regionCode } })
  if (where.provinceCode) filter.push({ provinceCode: { equals: where.provinceCode } })
  if (where.companyCode !== undefined) filter.push({ companyCode: { equals: where.companyCode } })
  const docs = await findAll<TextDoc>('contract-texts', { and: filter } as never, {
    sort: '-date',
    select: listFields,
  })
  return docs.map(summaryOf)
}

/** The consolidated (current) text and the archive of a contract's national texts. */
export async function nationalTexts(contractCode: number) {
  const [consolidated, archive] = await Promise.all([
    listTexts({ contractCode, scope: 'national', edition: 'consolidated' }),
    listTexts({ contractCode, scope: 'national', edition: 'archive' }),
  ])
  return { consolidated, archive }
}

async function textDoc(code: number, fields?: (keyof TextDoc)[]): Promise<TextDoc> {
  const select = fields
    ? (Object.fromEntries(['code', ...fields].map((field) => [field, true])) as Record<string, true>)
    : undefined
  const [doc] = await findAll<TextDoc>(
    'contract-texts',
    { code: { equals: code } },
    { limit: 1, ...(select ? { select } : {}) },
  )
  if (!doc) throw new AppError('not_found', it.database.errors.textNotFound)
  return doc
}

/** The list entry of a text (public). */
export async function getTextSummary(code: number): Promise<TextSummary> {
  const doc = await findOne<TextDoc>('contract-texts', { code: { equals: code } })
  if (!doc) throw new AppError('not_found', it.database.errors.textNotFound)
  return summaryOf(doc)
}

/** The full text, for a reader allowed to read it; `expect` narrows to consolidated texts. */
export async function getText(reader: Reader, code: number, expect?: 'consolidated'): Promise<ContractText> {
  const doc = await textDoc(code)
  const summary = summaryOf(doc)
  assertCanRead(reader, textLevel(summary))
  if (expect === 'consolidated' && summary.edizione !== 'consolidated') {
    throw new AppError('not_found', it.database.errors.textNotFound)
  }
  return { ...summary, interoHTML: sanitizeHtml(doc.html ?? '') }
}

/** The index tree of a text without hidden nodes (public: links point to #banner for visitors without access). */
export async function textNavigation(code: number): Promise<TreeNode[]> {
  return databaseCache.get(`navigation:${code}`, async () => {
    const doc = await textDoc(code, ['nav'])
    return visibleTree(treeOf(doc.nav))
  })
}

export type TopicTree = {
  argomenti: { id: number; descrizione: string }[]
  nodi: { idArgomento: number; nodo: string; testoNodo: string }[]
}

/** The topic tree of a text (public), without nodes pointing at hidden sections. */
export async function textTopics(code: number): Promise<TopicTree> {
  const doc = await textDoc(code, ['topics'])
  const topics = topicsOf(doc.topics)
  return {
    argomenti: topics.map((topic) => ({ id: topic.id, descrizione: topic.name })),
    nodi: topics.flatMap((topic) =>
      topic.nodes
        .filter((node) => !node.node.includes('/29999'))
        .map((node) => ({ idArgomento: topic.id, nodo: node.node, testoNodo: node.text })),
    ),
  }
}

export type TextSearch = {
  testo: string
  nodi: { testo: string; link: string; occorrenze: number }[]
  occorrenze: number
}

/** Searches a text the reader may read; only for subscribers and trial users. */
export async function searchText(reader: Reader, code: number, query: string): Promise<TextSearch> {
  if (!reader.entitlements.canSearchInDocument) {
    throw new AppError('unauthorized', it.database.errors.subscriptionRequired)
  }
  const trimmed = query.trim()
  if (trimmed.length < MIN_DOCUMENT_QUERY) {
    throw new AppError('bad_request', it.database.errors.documentQueryTooShort, { field: 'query' })
  }
  const doc = await textDoc(code)
  assertCanRead(reader, textLevel(summaryOf(doc)))
  const result = searchDocument({ html: sanitizeHtml(doc.html ?? ''), nav: treeOf(doc.nav), query: trimmed })
  return {
    testo: result.html,
    occorrenze: result.matches,
    nodi: result.nodes.map((node) => ({ testo: node.text, link: node.link, occorrenze: node.matches })),
  }
}

/** True when the reader may open this text (pages mark the others PRO). */
export function canOpenText(reader: Reader, text: Pick<TextSummary, 'ambito' | 'edizione'>): boolean {
  return canRead(reader.entitlements, textLevel(text))
}
