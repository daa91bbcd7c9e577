import { describe, expect, it } from 'vitest'
import { recordSchemas } from './schemas.ts'

const base = {
  contractCode: 133,
  weeklyHours: 40,
  monthlyPayments: 14,
  referenceLevel: 4,
  probation: [{ who: 'Impiegati', duration: '3 mesi' }],
  notice: {
    heads: ['Livelli', 'Fino a 5 anni', 'Oltre 5 anni'],
    rows: [{ who: 'Impiegati', durations: ['1 mese', '2 mesi'] }],
  },
}

describe('contract terms records', () => {
  it('accept JSON Lines values and CSV cells alike', () => {
    expect(recordSchemas.contractTerms.parse(base)).toMatchObject({ referenceLevel: '4', weeklyHours: 40 })
    const csv = recordSchemas.contractTerms.parse({
      contractCode: '133',
      weeklyHours: '37,5',
      monthlyPayments: '13',
      probation: JSON.stringify(base.probation),
      notice: '',
    })
    expect(csv).toMatchObject({ weeklyHours: 37.5, monthlyPayments: 13, notice: undefined })
    expect(recordSchemas.contractTerms.parse({ contractCode: 1 }).probation).toEqual([])
  })

  it('refuse a notice row without one duration per seniority band, and impossible figures', () => {
    const short = { ...base, notice: { ...base.notice, rows: [{ who: 'Impiegati', durations: ['1 mese'] }] } }
    const result = recordSchemas.contractTerms.safeParse(short)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain('attese 2 durate')
    expect(recordSchemas.contractTerms.safeParse({ ...base, monthlyPayments: 11 }).success).toBe(false)
    expect(recordSchemas.contractTerms.safeParse({ ...base, weeklyHours: 0 }).success).toBe(false)
  })

  it('take the month of the 14th and the Cassa Edile of the construction workers', () => {
    const edili = recordSchemas.contractTerms.parse({
      ...base,
      contractCode: 130,
      fourteenthMonth: '7',
      cassaEdile: JSON.stringify({ percent: '18,5', categoryCodes: [23, 25] }),
    })
    expect(edili).toMatchObject({
      fourteenthMonth: 7,
      cassaEdile: { percent: 18.5, categoryCodes: [23, 25] },
    })
    expect(recordSchemas.contractTerms.safeParse({ ...base, fourteenthMonth: 13 }).success).toBe(false)
    expect(
      recordSchemas.contractTerms.safeParse({ ...base, cassaEdile: { percent: 18.5, categoryCodes: [] } })
        .success,
    ).toBe(false)
  })
})
