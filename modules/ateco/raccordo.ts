/**
 * ATECO 2007 codes (update 2022, what most visure still show) and their
 * ATECO 2025 codes: ISTAT's published correspondence table, committed as
 * data/istat/raccordo-ateco-2007-2025.json (classes and sub-categories whose
 * code changed; a code absent from it keeps its code). Pure lookups.
 */
import table from '../../data/istat/raccordo-ateco-2007-2025.json' with { type: 'json' }
import { digitsOf } from './codes.ts'

const rows = (table as { raccordo: Record<string, string[]> }).raccordo

/**
 * The ATECO 2025 codes ISTAT's table gives for an ATECO 2007 code, or null
 * when the table has no row for it. A category or group of 2007 (`62.01.0`,
 * `62.0`) gets the codes of its sub-categories or classes in the table, at
 * their level trimmed to its own (so `62.01.0` → `62.10.0`).
 */
export function ateco2025Of(code: string): string[] | null {
  const direct = rows[code]
  if (direct) return direct
  const digits = digitsOf(code)
  if (digits.length !== 3 && digits.length !== 5) return null
  const children = Object.entries(rows).filter(
    ([source]) => digitsOf(source).length === digits.length + 1 && digitsOf(source).startsWith(digits),
  )
  if (children.length === 0) return null
  const trim = (target: string) => target.slice(0, code.length)
  return [...new Set(children.flatMap(([, targets]) => targets.map(trim)))].sort()
}
