/** The cost of labour's records: what a data package may carry, and the Italian reasons of a refusal. */
import { describe, expect, it } from 'vitest'
import { recordSchemas } from './schemas.ts'

const hours = { holidays: 160, festivities: 64, leave: 88, source: 'CCNL, art. 10' }
const reasons = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('contribution rates records', () => {
  const record = {
    classification: 'terziario',
    sizeBand: 'fino-15',
    validFrom: '2026-01-01',
    rates: [{ code: 'IVS', label: 'IVS', rate: '23,81', source: 'art. 1, comma 769, L. 296/2006' }],
  }

  it('reads JSON Lines and CSV spellings (rates as JSON text, Italian decimals, flags)', () => {
    expect(recordSchemas.contributionRates.parse(record)).toMatchObject({
      rates: [{ code: 'ivs', rate: 23.81, who: 'tutti', regime: 'ordinario' }],
      apprenticesIncludeInail: false,
    })
    const csv = recordSchemas.contributionRates.parse({
      ...record,
      rates: JSON.stringify(record.rates),
      validTo: '',
      apprenticesIncludeInail: 'true',
    })
    expect(csv).toMatchObject({ validTo: undefined, apprenticesIncludeInail: true })
  })

  it('refuses a record without IVS, without a source, or ending before it starts', () => {
    const noIvs = recordSchemas.contributionRates.safeParse({
      ...record,
      rates: [{ code: 'naspi', label: 'NASpI', rate: 1.31, source: 'art. 2, comma 25, L. 92/2012' }],
    })
    expect(reasons(noIvs)).toContain("manca l'aliquota IVS (codice ivs)")
    const noSource = recordSchemas.contributionRates.safeParse({
      ...record,
      rates: [{ code: 'ivs', label: 'IVS', rate: 23.81 }],
    })
    expect(noSource.success).toBe(false)
    expect(
      reasons(recordSchemas.contributionRates.safeParse({ ...record, validTo: '2025-12-31' })),
    ).toContain('la fine della validità precede il suo inizio')
    const yearForOrdinary = recordSchemas.contributionRates.safeParse({
      ...record,
      rates: [{ ...record.rates[0], apprenticeYear: 2 }],
    })
    expect(reasons(yearForOrdinary)).toContain(
      "l'anno di apprendistato vale solo per le aliquote degli apprendisti",
    )
  })
})

describe("a contract's labour-cost terms", () => {
  it('travels in the contract terms record, with the format defaults', () => {
    const parsed = recordSchemas.contractTerms.parse({
      contractCode: 133,
      labourCost: JSON.stringify({
        hours,
        charges: [
          { code: 'gnf', label: 'GNF', block: 'B', rate: 18.5, base: 'payAndHolidays', source: 'CCNL' },
        ],
      }),
    })
    expect(parsed.labourCost).toMatchObject({
      hourlyPaid: [],
      payElements: [],
      charges: [{ code: 'gnf', who: 'tutti', additionalMonths: false, holidayBase: true }],
    })
  })

  it('refuses a charge with two measures or hours outside block B, in Italian', () => {
    const two = recordSchemas.contractTerms.safeParse({
      contractCode: 133,
      labourCost: {
        hours,
        charges: [{ code: 'x', label: 'X', block: 'D', rate: 1, monthly: 10, source: 'CCNL' }],
      },
    })
    expect(reasons(two)).toContain('indicare una sola misura: rate, hours, days, monthly, hourly o yearly')
    const hoursInD = recordSchemas.contractTerms.safeParse({
      contractCode: 133,
      labourCost: { hours, charges: [{ code: 'x', label: 'X', block: 'D', hours: 8, source: 'CCNL' }] },
    })
    expect(reasons(hoursInD)).toContain('ore e giorni retribuiti vanno nel blocco B')
  })
})
