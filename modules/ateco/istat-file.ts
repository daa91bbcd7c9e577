/**
 * The ISTAT list of ATECO 2025 codes (docs/data-format.md, «Elenco ATECO
 * 2025»): a CSV separated by semicolons, UTF-8, one code per row with its
 * Italian title, level, parent and the explanatory notes. Parsing only:
 * each row becomes a record or the Italian reasons it is refused, with its
 * line number.
 */
import { csvRows } from '../platform/index.ts'
import { atecoLevels, levelOfCode, normalizeAtecoCode, parentOfCode, type AtecoLevel } from './codes.ts'

/** One code of the list, as stored. */
export type AtecoRecord = {
  code: string
  title: string
  level: AtecoLevel
  /** The section letter (A–V) the code belongs to. */
  section: string
  /** The code one level up; null for a section. */
  parentCode: string | null
  /** ISTAT's order of the code in the list. */
  order: number
  /** What the code includes (the notes' «comprende»). */
  includes: string | null
  /** What it does not include (the notes' «non comprende»). */
  excludes: string | null
}

export type ParsedRow = { line: number; record: AtecoRecord } | { line: number; error: string }

/** The columns of the file (ISTAT's names). */
export const ISTAT_COLUMNS = {
  order: 'ORDINE_CODICE_ATECO_2025',
  code: 'CODICE_ATECO_2025',
  title: 'TITOLO_ITALIANO_ATECO_2025',
  level: 'GERARCHIA_ATECO_2025',
  parent: 'CODICE_PADRE_ATECO_2025',
  includes: 'COMPRENDE_ATECO_2025',
  excludes: 'NON_COMPRENDE_ATECO_2025',
} as const

const REQUIRED = [ISTAT_COLUMNS.code, ISTAT_COLUMNS.title] as const

/** A file that cannot be read at all (no header, missing columns). */
export class IstatFileError extends Error {}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

type Draft = { line: number; record: Omit<AtecoRecord, 'section'> }

/**
 * Reads the list: every row is a record or an error with its line. A code
 * whose division is not in the file (or was refused) is refused too, since
 * its section cannot be known. Throws IstatFileError when the header lacks a
 * required column.
 */
export function parseIstatAteco(input: string): ParsedRow[] {
  const text = input.replace(/^\uFEFF/, '')
  const rows = csvRows(text, ';')
  const first = rows.next()
  if (first.done) throw new IstatFileError('il file è vuoto')
  const header = first.value.cells.map((cell) => clean(cell).toUpperCase())
  const missing = REQUIRED.filter((column) => !header.includes(column))
  if (missing.length > 0)
    throw new IstatFileError(
      `intestazione senza ${missing.length === 1 ? 'la colonna' : 'le colonne'} ${missing.join(', ')} (separatore «;»)`,
    )
  const at = (cells: string[], column: string) => {
    const index = header.indexOf(column)
    return index < 0 ? '' : clean(cells[index])
  }

  const results: ParsedRow[] = []
  const drafts: Draft[] = []
  for (const row of rows) {
    if (row.cells.every((cell) => clean(cell) === '')) continue
    if (row.cells.length !== header.length) {
      results.push({
        line: row.line,
        error: `attese ${header.length} colonne separate da «;», trovate ${row.cells.length}`,
      })
      continue
    }
    const reasons: string[] = []
    const rawCode = at(row.cells, ISTAT_COLUMNS.code)
    const code = rawCode === '' ? null : normalizeAtecoCode(rawCode)
    if (rawCode === '') reasons.push('codice ATECO mancante')
    else if (code === null) reasons.push(`codice ATECO non valido: «${rawCode}»`)
    const title = at(row.cells, ISTAT_COLUMNS.title)
    if (title === '') reasons.push('titolo mancante')
    const level = code ? levelOfCode(code) : null
    const rawLevel = at(row.cells, ISTAT_COLUMNS.level)
    if (rawLevel !== '' && level) {
      const number = Number(rawLevel)
      if (!Number.isInteger(number) || number < 1 || number > 6)
        reasons.push(`livello (GERARCHIA) non valido: «${rawLevel}», atteso un numero da 1 a 6`)
      else if (atecoLevels[number - 1] !== level)
        reasons.push(
          `livello ${number} (${atecoLevels[number - 1]}) diverso da quello del codice ${code} (${level})`,
        )
    }
    const rawParent = at(row.cells, ISTAT_COLUMNS.parent)
    let parentCode: string | null = code ? parentOfCode(code) : null
    if (code && level === 'divisione') {
      const letter = rawParent.toUpperCase()
      if (!/^[A-V]$/.test(letter))
        reasons.push(`la divisione ${code} deve indicare la sua sezione (lettera A–V) come codice padre`)
      else parentCode = letter
    } else if (code && level === 'sezione') {
      if (rawParent !== '') reasons.push('una sezione non ha codice padre')
      parentCode = null
    } else if (code && rawParent !== '') {
      const parent = normalizeAtecoCode(rawParent)
      if (parent !== parentCode)
        reasons.push(`codice padre «${rawParent}» diverso da quello del codice ${code} (${parentCode})`)
    }
    const rawOrder = at(row.cells, ISTAT_COLUMNS.order)
    const order = rawOrder === '' ? row.line : Number(rawOrder)
    if (!Number.isInteger(order) || order < 0) reasons.push(`ordine non valido: «${rawOrder}»`)
    if (reasons.length > 0 || !code || !level) {
      results.push({ line: row.line, error: reasons.join('; ') })
      continue
    }
    drafts.push({
      line: row.line,
      record: {
        code,
        title,
        level,
        parentCode,
        order,
        includes: at(row.cells, ISTAT_COLUMNS.includes) || null,
        excludes: at(row.cells, ISTAT_COLUMNS.excludes) || null,
      },
    })
  }

  // The section of each code: its division's parent (a category may skip levels the file leaves out).
  const byCode = new Map<string, Draft>()
  for (const draft of drafts) if (!byCode.has(draft.record.code)) byCode.set(draft.record.code, draft)
  const sectionOf = (draft: Draft): string | null => {
    if (draft.record.level === 'sezione') return draft.record.code
    const division = byCode.get(draft.record.code.slice(0, 2))
    return division?.record.level === 'divisione' ? division.record.parentCode : null
  }
  for (const draft of drafts) {
    const section = sectionOf(draft)
    if (section) results.push({ line: draft.line, record: { ...draft.record, section } })
    else
      results.push({
        line: draft.line,
        error: `divisione ${draft.record.code.slice(0, 2)} assente dal file: la sezione del codice ${draft.record.code} non è determinabile`,
      })
  }
  return results.sort((left, right) => left.line - right.line)
}
