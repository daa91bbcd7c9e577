/**
 * Classification codes of a category (CNEL, INPS, ATECO): subscribers only
 * (the trial does not include them). Which schemes exist is public, so the
 * tabs show only where data exists.
 */
import type { ClassificationScheme } from '../content/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { findAll } from './store.ts'

type ClassificationDoc = {
  scheme: ClassificationScheme
  code: string
  description?: string | null
  ccnlCode?: string | null
  note?: string | null
}

export const schemes = ['CNEL', 'INPS', 'ATECO'] as const satisfies readonly ClassificationScheme[]

export type CnelCode = { codice: string; descrizioneContratto: string }
export type InpsCode = { codiceInps: string; codiceCcnl: string; descrizione: string; nota: string }
export type AtecoCode = { codiceAteco: string; descrizione: string }
export type Classifications = { CNEL: CnelCode[]; INPS: InpsCode[]; ATECO: AtecoCode[] }

const docsOf = (categoryCode: number, scheme?: ClassificationScheme) =>
  findAll<ClassificationDoc>(
    'classifications',
    scheme
      ? { and: [{ categoryCode: { equals: categoryCode } }, { scheme: { equals: scheme } }] }
      : { categoryCode: { equals: categoryCode } },
    { sort: 'code' },
  )

/** The schemes a category has codes for (public). */
export async function availableSchemes(categoryCode: number): Promise<ClassificationScheme[]> {
  const docs = await findAll<ClassificationDoc>(
    'classifications',
    { categoryCode: { equals: categoryCode } },
    { select: { scheme: true } as Record<string, true> },
  )
  return schemes.filter((scheme) => docs.some((doc) => doc.scheme === scheme))
}

function shape(docs: ClassificationDoc[]): Classifications {
  const of = (scheme: ClassificationScheme) => docs.filter((doc) => doc.scheme === scheme)
  return {
    CNEL: of('CNEL').map((doc) => ({ codice: doc.code, descrizioneContratto: doc.description ?? '' })),
    INPS: of('INPS').map((doc) => ({
      codiceInps: doc.code,
      codiceCcnl: doc.ccnlCode ?? '',
      descrizione: doc.description ?? '',
      nota: doc.note ?? '',
    })),
    ATECO: of('ATECO').map((doc) => ({ codiceAteco: doc.code, descrizione: doc.description ?? '' })),
  }
}

/** Every code of a category, by scheme. */
export async function getClassifications(reader: Reader, categoryCode: number): Promise<Classifications> {
  assertCanRead(reader, 'summaries')
  return shape(await docsOf(categoryCode))
}

/** The codes of one scheme. */
export async function getSchemeCodes<S extends ClassificationScheme>(
  reader: Reader,
  categoryCode: number,
  scheme: S,
): Promise<Classifications[S]> {
  assertCanRead(reader, 'summaries')
  return shape(await docsOf(categoryCode, scheme))[scheme]
}
