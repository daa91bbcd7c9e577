import { describe, expect, it } from 'vitest'
import { payTableDelta } from './pay-table-delta.ts'
import { alertReferenceLevel, changedAmounts, isNewDecorrenza, payTableAlertText } from './renewal-alerts.ts'

const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('payTableAlertText', () => {
  it('names new, dropped and unchanged levels and the una tantum’s levels, for every part-timer alike', () => {
    const delta = payTableDelta(
      [
        { code: 'A1', description: 'Impiegato', monthly: 2000 },
        { code: 'B1', description: 'Operaio', monthly: 1800 },
        { code: 'C1', description: 'Ausiliario', monthly: 1500 },
      ],
      [
        { code: 'A1', description: 'Impiegato', monthly: 2000 },
        { code: 'B1', description: 'Operaio', monthly: 1818 },
        { code: 'D1', description: 'Nuovo profilo', monthly: 1600 },
      ],
      [
        {
          amount: 1200.5,
          entitledOn: '2026-06-01',
          paidOn: '2026-07-31',
          periodFrom: '2025-01-01',
          periodTo: '2025-12-31',
          partTime: 'full',
          service: 'full',
          levels: ['A1', 'B1'],
        },
      ],
    )
    const text = payTableAlertText({
      effectiveDate: '2026-06-01',
      previousDate: '2025-06-01T12:00:00.000Z',
      contract: 'CCNL Metalmeccanici',
      category: 'Industria',
      delta,
    })
    expect(text.title).toBe('Nuovi minimi dal 01/06/2026 – CCNL Metalmeccanici (Industria)')
    expect(plain(text.body).split('\n')).toEqual([
      'Minimi mensili rispetto alla decorrenza del 01/06/2025:',
      'Liv. A1: 2.000,00 € (invariato)',
      'Liv. B1: 1.800,00 € → 1.818,00 € (+18,00 €, +1,00 %)',
      'Liv. D1: 1.600,00 € (nuovo livello)',
      'Liv. C1: eliminato',
      'Una tantum di 1.200,50 € a chi è in forza al 01/06/2026, erogata il 31/07/2026 (livelli A1, B1).',
    ])
  })

  it('lists the first table of a category without a comparison', () => {
    const text = payTableAlertText({
      effectiveDate: '2026-01-01',
      previousDate: null,
      contract: 'CCNL Prova',
      category: 'Unica',
      delta: payTableDelta([], [{ code: '1', description: 'Primo', monthly: 1500 }]),
    })
    expect(plain(text.body)).toBe(
      'Prima tabella della categoria. Minimi mensili:\nLiv. 1: 1.500,00 € (nuovo livello)',
    )
  })
})

describe('isNewDecorrenza', () => {
  it('is a new table or a changed decorrenza, not a correction of the amounts', () => {
    expect(isNewDecorrenza({ effectiveDate: '2026-03-01T12:00:00.000Z' }, undefined)).toBe(true)
    expect(
      isNewDecorrenza(
        { effectiveDate: '2026-04-01T12:00:00.000Z' },
        { effectiveDate: '2026-03-01T12:00:00.000Z' },
      ),
    ).toBe(true)
    expect(
      isNewDecorrenza(
        { effectiveDate: '2026-03-01T12:00:00.000Z' },
        { effectiveDate: '2026-03-01T11:00:00.000Z' },
      ),
    ).toBe(false)
  })
})

const terziario = (basePays: number[]) =>
  ['Q', '1', '2', '3', '4', '5', '6', '7'].map((code, index) => ({
    code,
    description: `${code} livello`,
    monthly: basePays[index] ?? 0,
  }))

describe('the reference level', () => {
  it('comes first, then the other levels: the 4° livello of Terziario never hides under "e altri"', () => {
    const delta = payTableDelta(
      terziario([2612.69, 2404.47, 2147.72, 1908.75, 1718.75, 1601.36, 1489.05, 1347.66]),
      terziario([2672.69, 2464.47, 2207.72, 1968.75, 1748.75, 1631.36, 1519.05, 1377.66]),
    )
    const text = payTableAlertText({
      effectiveDate: '2027-03-01',
      previousDate: '2026-11-01',
      contract: 'CCNL Terziario Confcommercio',
      category: 'Dipendenti',
      delta,
      referenceLevel: '4',
    })
    expect(text.title).toBe('Nuovi minimi dal 01/03/2027 – CCNL Terziario Confcommercio (Dipendenti)')
    expect(plain(text.body).split('\n')).toEqual([
      'Minimi mensili rispetto alla decorrenza del 01/11/2026:',
      'Liv. 4: 1.718,75 € → 1.748,75 € (+30,00 €, +1,75 %)',
      'Liv. Q: 2.612,69 € → 2.672,69 € (+60,00 €, +2,30 %)',
      'Liv. 1: 2.404,47 € → 2.464,47 € (+60,00 €, +2,50 %)',
      'Liv. 2: 2.147,72 € → 2.207,72 € (+60,00 €, +2,79 %)',
      'e altri 4 livelli',
    ])
  })

  it('is the contract’s when the table has it, else the middle one of the table’s levels without apprentices', () => {
    const levels = [
      ...terziario([]),
      { code: 'AP1', description: 'Apprendista 1° livello', monthly: 0 },
      { code: 'AP2', description: 'Apprendista 2° livello', monthly: 0 },
    ]
    expect(alertReferenceLevel(levels, '6')).toBe('6')
    expect(alertReferenceLevel(levels, 'Z')).toBe('4')
    expect(alertReferenceLevel(levels, null)).toBe('4')
    expect(alertReferenceLevel([], null)).toBeNull()
  })
})

describe('a correction', () => {
  const level = (code: string, basePay: number, description = `Livello ${code}`) => ({
    code,
    description,
    basePay,
    costOfLiving: 500,
    thirdElement: 0,
    seniorityStep: 20,
  })
  const unaTantum = (amount: number) => [
    {
      amount,
      entitledOn: '2027-03-01',
      paidOn: '2027-04-30',
      periodFrom: '2026-01-01',
      periodTo: '2026-12-31',
    },
  ]

  it('is a change of an amount, never of a description or a note', () => {
    const before = { levels: [level('4', 1200), level('5', 1100)], unaTantum: unaTantum(300) }
    expect(
      changedAmounts({ ...before, levels: [level('4', 1200, 'Commesso'), level('5', 1100)] }, before),
    ).toEqual([])
    expect(changedAmounts({ ...before, levels: [level('4', 1210), level('5', 1100)] }, before)).toEqual(['4'])
    expect(changedAmounts({ ...before, unaTantum: unaTantum(350) }, before)).toEqual(['una tantum'])
    expect(changedAmounts({ levels: [level('4', 1200)], unaTantum: unaTantum(300) }, before)).toEqual(['5'])
  })

  it('is announced as a correction with the corrected figures', () => {
    const text = payTableAlertText({
      effectiveDate: '2027-03-01',
      previousDate: '2026-11-01',
      contract: 'CCNL Prova',
      category: 'Unica',
      delta: payTableDelta(
        [{ code: '4', description: 'Quarto', monthly: 1700 }],
        [{ code: '4', description: 'Quarto', monthly: 1735 }],
      ),
      referenceLevel: '4',
      correction: { changedLevels: ['4', 'una tantum'] },
    })
    expect(text.title).toBe('Correzione – Nuovi minimi dal 01/03/2027 – CCNL Prova (Unica)')
    expect(plain(text.body).split('\n')).toEqual([
      'Gli importi della decorrenza del 01/03/2027 sono stati corretti (liv. 4 e una tantum): ecco i valori corretti.',
      'Minimi mensili rispetto alla decorrenza del 01/11/2026:',
      'Liv. 4: 1.700,00 € → 1.735,00 € (+35,00 €, +2,06 %)',
    ])
  })
})
