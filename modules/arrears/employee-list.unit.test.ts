import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { MAX_EMPLOYEES, readEmployeeList } from './employee-list.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('readEmployeeList', () => {
  it('reads a semicolon CSV with Italian headings, whatever their case, accents and spacing', async () => {
    const list = await readEmployeeList(
      bytes(
        '\uFEFFNome;Livello;Data di assunzione;Part-time;Fine;Tabella corrisposta;Una tantum già corrisposta\r\n' +
          'Maria Rossi;4;;100;;;\r\n' +
          '"Bianchi; Luca";5;17/06/2025;50 %;31/01/2026;01/04/2024;31/03/2025\r\n',
      ),
    )
    expect(list.rows).toEqual([
      { line: 2, cells: { name: 'Maria Rossi', level: '4', partTime: '100' } },
      {
        line: 3,
        cells: {
          name: 'Bianchi; Luca',
          level: '5',
          hiredOn: '17/06/2025',
          partTime: '50 %',
          until: '31/01/2026',
          paidStep: '01/04/2024',
          unaTantumPaid: '31/03/2025',
        },
      },
    ])
  })

  it('reads an XLSX: real dates as days, a percentage cell as a whole number', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Dipendenti')
    sheet.addRow(['nome', 'livello', 'assunzione', 'parttime'])
    sheet.addRow(['Anna Verdi', 4, new Date('2025-06-17T00:00:00Z'), 0.5])
    const list = await readEmployeeList(new Uint8Array(await workbook.xlsx.writeBuffer()))
    expect(list.rows).toEqual([
      { line: 2, cells: { name: 'Anna Verdi', level: '4', hiredOn: '2025-06-17', partTime: '50' } },
    ])
  })

  it('refuses, before reading the rows, a list without the required columns, too long or unreadable', async () => {
    expect(await readEmployeeList(bytes('cognome,qualifica\nRossi,4\n'))).toEqual({
      error: 'missingColumns',
      missing: ['name', 'level'],
    })
    const long = ['nome,livello', ...Array.from({ length: MAX_EMPLOYEES + 1 }, (_, i) => `Dipendente ${i},4`)]
    expect((await readEmployeeList(bytes(long.join('\n')))).error).toBe('tooManyRows')
    expect((await readEmployeeList(bytes('nome,livello\n'))).error).toBe('empty')
    expect((await readEmployeeList(new Uint8Array([0x50, 0x4b, 1, 2, 3]))).error).toBe('unreadable')
    expect((await readEmployeeList(new Uint8Array(1024 * 1024 + 1))).error).toBe('tooLarge')
  })
})
