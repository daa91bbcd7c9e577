import { describe, expect, it } from 'vitest'
import { payTableDelta } from './pay-table-delta.ts'
import { isNewDecorrenza, payTableAlertText } from './renewal-alerts.ts'

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
