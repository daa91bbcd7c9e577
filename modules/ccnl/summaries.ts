/**
 * Summary documents of a category (seven types). The list and the index
 * trees are public; the full documents and their PDF need a subscription
 * (the trial does not include them); the demo summary is open to everyone.
 */
import type { StoredUpload } from '../cms/index.ts'
import { sanitizeHtml, summaryTypes, visibleTree, type SummaryType, type TreeNode } from '../content/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, canRead, type Reader } from './access.ts'
import { cms, findAll, findOne, treeOf } from './store.ts'

type SummaryDoc = {
  id: number
  categoryCode?: number | null
  type: SummaryType
  title: string
  html?: string
  nav?: unknown
  demo?: boolean | null
  pdf?: number | null
}

export { summaryTypes, type SummaryType }

/** The Italian name of a summary type. */
export const summaryTypeName = (type: SummaryType): string => it.database.summaries.types[type]

export function isSummaryType(value: string): value is SummaryType {
  return (summaryTypes as readonly string[]).includes(value)
}

export type SummaryEntry = { tipo: SummaryType; nome: string; titolo: string; pdf: boolean; demo: boolean }

/** The summaries a category has, in the order of the types (public). */
export async function listSummaries(categoryCode: number): Promise<SummaryEntry[]> {
  const docs = await findAll<SummaryDoc>(
    'summaries',
    { categoryCode: { equals: categoryCode } },
    { select: { type: true, title: true, pdf: true, demo: true } as Record<string, true> },
  )
  return summaryTypes.flatMap((type) => {
    const doc = docs.find((entry) => entry.type === type)
    return doc
      ? [
          {
            tipo: type,
            nome: summaryTypeName(type),
            titolo: doc.title,
            pdf: doc.pdf != null,
            demo: doc.demo === true,
          },
        ]
      : []
  })
}

export type Summary = SummaryEntry & { categoryCode: number; interoHTML: string; albero: TreeNode[] }

function summaryOf(doc: SummaryDoc): Summary {
  return {
    tipo: doc.type,
    nome: summaryTypeName(doc.type),
    titolo: doc.title,
    pdf: doc.pdf != null,
    demo: doc.demo === true,
    categoryCode: doc.categoryCode ?? 0,
    interoHTML: sanitizeHtml(doc.html ?? ''),
    albero: visibleTree(treeOf(doc.nav)),
  }
}

const missing = (type: SummaryType) =>
  new AppError(
    'not_found',
    type === 'schedesintetiche' ? it.database.errors.summaryNotFound : it.database.errors.textNotFound,
  )

/** The demo summary every visitor may read (null when the data has none). */
export async function getDemoSummary(): Promise<Summary | null> {
  const doc = await findOne<SummaryDoc>('summaries', { demo: { equals: true } })
  return doc ? summaryOf(doc) : null
}

/** One summary of a category: subscribers read any; others only the demo summary. */
export async function getSummary(reader: Reader, categoryCode: number, type: SummaryType): Promise<Summary> {
  const doc = await findOne<SummaryDoc>('summaries', {
    and: [{ categoryCode: { equals: categoryCode } }, { type: { equals: type } }],
  })
  if (doc?.demo === true) return summaryOf(doc)
  assertCanRead(reader, 'summaries')
  if (!doc) throw missing(type)
  return summaryOf(doc)
}

/** The index tree of a summary (public). */
export async function summaryTree(categoryCode: number, type: SummaryType): Promise<TreeNode[]> {
  const doc = await findOne<SummaryDoc>('summaries', {
    and: [{ categoryCode: { equals: categoryCode } }, { type: { equals: type } }],
  })
  if (!doc) throw missing(type)
  return visibleTree(treeOf(doc.nav))
}

/** A summary's PDF (its content and file name), for subscribers; read from local disk or the S3 bucket. */
export async function summaryPdf(
  reader: Reader,
  categoryCode: number,
  type: SummaryType = 'schedesintetiche',
): Promise<{ content: Buffer; name: string }> {
  assertCanRead(reader, 'summaries')
  const doc = await findOne<SummaryDoc>('summaries', {
    and: [{ categoryCode: { equals: categoryCode } }, { type: { equals: type } }],
  })
  if (!doc?.pdf) throw missing(type)
  const media = await findOne<StoredUpload>('media', { id: { equals: doc.pdf } })
  if (!media?.filename) throw missing(type)
  const { readUpload } = await import('../cms/index.ts')
  return { content: await readUpload(await cms(), 'media', media), name: media.filename }
}

export const canReadFullSummaries = (reader: Reader) => canRead(reader.entitlements, 'summaries')
