import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { csvRows } from '../platform/index.ts'

/** One raw record of a source file, with the line it starts on. */
export type RawRecord = { line: number; value: unknown } | { line: number; error: string }

/** Reads a JSON Lines file: one object per non-empty line. */
export async function* readJsonLines(file: string): AsyncGenerator<RawRecord> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })
  let number = 0
  for await (const raw of lines) {
    number += 1
    const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw
    if (text.trim() === '') continue
    try {
      const value = JSON.parse(text) as unknown
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        yield { line: number, error: 'la riga non contiene un oggetto JSON' }
      } else {
        yield { line: number, value }
      }
    } catch (error) {
      yield { line: number, error: `JSON non valido: ${(error as Error).message}` }
    }
  }
}

/**
 * Reads a CSV file (RFC 4180: comma separated, double quotes, quoted fields
 * may span lines). The first row names the fields; empty cells are omitted.
 */
export async function* readCsv(file: string): AsyncGenerator<RawRecord> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
  let header: string[] | undefined
  for (const row of csvRows(text)) {
    if (!header) {
      header = row.cells.map((cell) => cell.trim())
      continue
    }
    if (row.cells.length === 1 && row.cells[0]?.trim() === '') continue
    if (row.cells.length !== header.length) {
      yield { line: row.line, error: `attese ${header.length} colonne, trovate ${row.cells.length}` }
      continue
    }
    const value: Record<string, string> = {}
    header.forEach((name, index) => {
      const cell = row.cells[index] ?? ''
      if (cell !== '') value[name] = cell
    })
    yield { line: row.line, value }
  }
}

/** Reads a package file by its extension (`.jsonl` or `.csv`). */
export function readRecords(file: string): AsyncGenerator<RawRecord> {
  return file.endsWith('.csv') ? readCsv(file) : readJsonLines(file)
}

/**
 * Parses a JSON array and tells the line each top-level element starts on,
 * so a rejected element can be found in the file.
 */
export function parseJsonArrayWithLines(text: string): { values: unknown[]; lines: number[] } {
  const values = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown
  if (!Array.isArray(values)) throw new Error('il file non contiene un array JSON')
  const lines: number[] = []
  let line = 1
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (char === '\n') line += 1
    if (inString) {
      if (char === '\\') index += 1
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') {
      if (depth === 1) lines.push(line)
      inString = true
    } else if (char === '{' || char === '[') {
      if (depth === 1) lines.push(line)
      depth += 1
    } else if (char === '}' || char === ']') depth -= 1
    else if (depth === 1 && /[-0-9tfn]/.test(char ?? '')) {
      lines.push(line)
      // Skip the rest of a scalar element.
      while (index + 1 < text.length && /[^,\]\s]/.test(text[index + 1] ?? '')) index += 1
    }
  }
  return { values, lines }
}

export { csvRows }
