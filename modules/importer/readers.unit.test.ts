import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { csvRows, parseJsonArrayWithLines, readRecords, type RawRecord } from './readers.ts'

async function collect(records: AsyncIterable<RawRecord>): Promise<RawRecord[]> {
  const out: RawRecord[] = []
  for await (const record of records) out.push(record)
  return out
}

async function tempFile(name: string, content: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-readers-'))
  const file = path.join(dir, name)
  await writeFile(file, content)
  return file
}

describe('JSON Lines', () => {
  it('numbers records by their line and reports broken lines', async () => {
    const file = await tempFile('a.jsonl', '\uFEFF{"code":1}\n\n{"code":2\n[1,2]\n{"code":3}\r\n')
    expect(await collect(readRecords(file))).toEqual([
      { line: 1, value: { code: 1 } },
      { line: 3, error: expect.stringMatching(/^JSON non valido/) },
      { line: 4, error: 'la riga non contiene un oggetto JSON' },
      { line: 5, value: { code: 3 } },
    ])
  })
})

describe('CSV', () => {
  it('handles quotes, escaped quotes, commas and line breaks inside cells', () => {
    const rows = [...csvRows('a,b\n1,"x, ""y"""\n2,"riga\nspezzata"\r\n3,z')]
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x, "y"'] },
      { line: 3, cells: ['2', 'riga\nspezzata'] },
      { line: 5, cells: ['3', 'z'] },
    ])
  })

  it('maps rows to objects by header, omitting empty cells, and flags wrong column counts', async () => {
    const file = await tempFile('a.csv', 'code,name,cnelName\n11,Terziario,\n12,Solo due\n')
    expect(await collect(readRecords(file))).toEqual([
      { line: 2, value: { code: '11', name: 'Terziario' } },
      { line: 3, error: 'attese 3 colonne, trovate 2' },
    ])
  })
})

describe('JSON array with lines', () => {
  it('tells the line each element starts on', () => {
    const text = '[\n  {"id": "A1",\n   "titolo": "x"},\n  {"id": "[B2]"}, 7,\n  "s"\n]'
    expect(parseJsonArrayWithLines(text)).toEqual({
      values: [{ id: 'A1', titolo: 'x' }, { id: '[B2]' }, 7, 's'],
      lines: [2, 4, 4, 5],
    })
  })

  it('refuses a document that is not an array', () => {
    expect(() => parseJsonArrayWithLines('{"a":1}')).toThrow('il file non contiene un array JSON')
  })
})
