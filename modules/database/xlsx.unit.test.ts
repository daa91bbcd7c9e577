import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { columnName, xlsxOf } from './xlsx.ts'

/** The system's zip reader (Info-ZIP `unzip`) checks the package independently of the writer. */
const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'])
    return true
  } catch {
    return false
  }
})()

describe('the XLSX writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
  })

  it.skipIf(!hasUnzip)(
    'writes a ZIP package whose parts a zip reader lists and whose sheet holds the cells',
    () => {
      const data = xlsxOf('Tabelle retributive', [
        ['Livello', 'Paga base'],
        ['Q & A <1>', 2243.85],
        [null, ''],
      ])
      expect(data.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'xlsx-')), 'tabella.xlsx')
      writeFileSync(file, data)
      const listing = execFileSync('unzip', ['-l', file]).toString()
      for (const part of [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ]) {
        expect(listing).toContain(part)
      }
      const sheet = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml']).toString()
      expect(sheet).toContain('<c r="B2"><v>2243.85</v></c>')
      expect(sheet).toContain('Q &amp; A &lt;1&gt;')
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected')
    },
  )
})
