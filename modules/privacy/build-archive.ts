/**
 * The archive of a data export: `dati.json` with every section, one CSV per
 * section (semicolon-separated, UTF-8 with BOM, as spreadsheets in Italian
 * read it) and a short LEGGIMI.txt.
 */
import JSZip from 'jszip'
import { formatDate, it } from '../i18n/index.ts'
import type { AccountData } from './collect-account-data.ts'

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Buffer.isBuffer(value)) return value.toString('base64')
  if (Array.isArray(value)) return value.map(plain)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]))
  }
  return value
}

function csvValue(value: unknown): string {
  const shown = plain(value)
  const text =
    shown === null || shown === undefined
      ? ''
      : typeof shown === 'object'
        ? JSON.stringify(shown)
        : String(shown)
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A section as CSV: a header of every column met, then one line per row. */
export function sectionCsv(rows: readonly Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const lines = [
    columns.join(';'),
    ...rows.map((row) => columns.map((column) => csvValue(row[column])).join(';')),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** The ZIP of `data`, made at `at`. */
export async function buildArchive(data: AccountData, at: Date): Promise<Uint8Array> {
  const zip = new JSZip()
  const options = { date: at }
  zip.file('LEGGIMI.txt', it.privacy.export.readme(formatDate(at)), options)
  zip.file('dati.json', JSON.stringify(plain(data), null, 2), options)
  for (const [section, rows] of Object.entries(data)) zip.file(`${section}.csv`, sectionCsv(rows), options)
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}
