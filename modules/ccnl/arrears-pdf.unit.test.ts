import { writeFile, mkdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/pdf-text.ts'
import { arrearsPdf } from './arrears-pdf.ts'
import type { LevelArrears } from './calculate-level-arrears.ts'

/** A part-time employee hired mid-period, with an una tantum reduced by part-time and months of service. */
const result: LevelArrears = {
  contract: { code: 133, title: 'CCNL Terziario, distribuzione e servizi (Confcommercio)', cnelCode: 'H011' },
  category: { code: 19, name: 'Dipendenti del terziario' },
  level: { code: '4', description: '4° livello – commesso di vendita' },
  request: {
    categoryCode: 19,
    level: '4',
    since: '2025-03-01',
    hiredOn: '2025-06-17',
    partTimePercent: 50,
    until: '2025-12-31',
    monthlyPayments: 14,
    paidStep: '2024-04-01',
  },
  tables: [
    { effectiveDate: '2024-04-01', monthly: 1718.75 },
    { effectiveDate: '2025-03-01', monthly: 1748.75 },
    { effectiveDate: '2025-11-01', monthly: 1783.75 },
  ],
  renewals: ['2025-03-01', '2025-11-01'],
  paidStep: '2024-04-01',
  lines: [
    {
      month: '2025-06',
      effectiveDate: '2025-03-01',
      from: '2025-06-17',
      to: '2025-06-30',
      days: 14,
      paid: 1718.75,
      owed: 1748.75,
      pay: 7,
      additional: 1.17,
    },
    {
      month: '2025-11',
      effectiveDate: '2025-11-01',
      from: '2025-11-01',
      to: '2025-11-30',
      days: 30,
      paid: 1718.75,
      owed: 1783.75,
      pay: 32.5,
      additional: 5.42,
    },
  ],
  unaTantum: [
    {
      paidOn: '2025-07-01',
      amount: 350,
      months: { served: 6, of: 12 },
      partTimeShare: 0.5,
      due: 87.5,
      excluded: false,
    },
  ],
  totals: { pay: 39.5, additional: 6.59, unaTantum: 87.5, total: 133.59 },
}

describe('the arrears PDF', () => {
  it('cites the contract, the tables used with their decorrenze, the lines, the una tantum pro rata and the total', async () => {
    const file = await arrearsPdf(result, new Date('2026-11-27T10:00:00Z'))
    expect(file.name).toBe('arretrati_19_4.pdf')
    expect(Buffer.from(file.data.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    if (process.env.ARREARS_PDF_OUT) {
      await mkdir('test-results', { recursive: true })
      await writeFile(process.env.ARREARS_PDF_OUT, file.data)
    }
    const text = pdfText(file.data)
    for (const expected of [
      'CCNL Terziario, distribuzione e servizi (Confcommercio) (CNEL H011)',
      'Dipendenti del terziario',
      '4 – 4° livello – commesso di vendita',
      'Decorrenza del rinnovo 01/03/2025',
      'Assunzione 17/06/2025',
      '50 %',
      '01/04/2024 (corrisposta) 1.718,75 €',
      '01/11/2025 1.783,75 €',
      'giugno 2025 01/03/2025 14 1.718,75 € 1.748,75 € 7,00 €',
      // pdfmake may break a line at a hyphen: 'part-time' reads 'part- time'.
      '350,00 € × 50 % di part- time × 6/12 mesi di servizio = 87,50 € 87,50 €',
      'Pro rata Spettante',
      'Totale arretrati 133,59 €',
      'Calcolo del 27/11/2026',
    ]) {
      expect(text).toContain(expected)
    }
  })
})
