import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calculateArrears,
  cents,
  type ArrearsInput,
  type PayStep,
  type UnaTantum,
} from './calculate-arrears.ts'

const renewal: PayStep[] = [
  { effectiveDate: '2023-04-01', monthly: 1800 },
  { effectiveDate: '2024-04-01', monthly: 1830 },
  { effectiveDate: '2024-10-01', monthly: 1860 },
]

const totalsInCents = (input: ArrearsInput) => {
  const { totals } = calculateArrears(input)
  return {
    pay: cents(totals.pay),
    additional: cents(totals.additional),
    unaTantum: cents(totals.unaTantum),
    total: cents(totals.total),
  }
}

describe('calculateArrears: worked examples (checked by hand)', () => {
  it('full time, in force before the renewal, 14 monthly payments', () => {
    // Apr–Sep 2024: 6 × 30.00 = 180.00; Oct–Dec 2024: 3 × 60.00 = 180.00.
    // 13th and 14th: 360.00 × 2/12 = 60.00.
    const result = calculateArrears({
      steps: renewal,
      hiredOn: null,
      partTimePercent: 100,
      until: '2024-12-31',
      monthlyPayments: 14,
    })
    expect(result.paidStep.effectiveDate).toBe('2023-04-01')
    expect(result.lines).toHaveLength(9)
    expect(result.lines.map((line) => cents(line.pay))).toEqual([30, 30, 30, 30, 30, 30, 60, 60, 60])
    expect(
      totalsInCents({
        steps: renewal,
        hiredOn: null,
        partTimePercent: 100,
        until: '2024-12-31',
        monthlyPayments: 14,
      }),
    ).toEqual({ pay: 360, additional: 60, unaTantum: 0, total: 420 })
  })

  it('part time 50 % hired mid-month, paid the table before the renewal', () => {
    // June: 17–30 = 14 of 30 days: 30.00 × 14/30 × 50 % = 7.00.
    // Jul–Sep: 3 × 30.00 × 50 % = 45.00. Oct–Dec: 3 × 60.00 × 50 % = 90.00. Pay 142.00.
    // 13th and 14th: 142.00 × 2/12 = 23.666… → 23.67; total 165.666… → 165.67.
    const input: ArrearsInput = {
      steps: renewal,
      hiredOn: '2024-06-17',
      partTimePercent: 50,
      until: '2024-12-31',
      monthlyPayments: 14,
      paidStep: '2023-04-01',
    }
    const result = calculateArrears(input)
    expect(result.lines[0]).toMatchObject({ month: '2024-06', from: '2024-06-17', to: '2024-06-30' })
    expect(cents(result.lines[0]?.pay ?? 0)).toBe(7)
    expect(totalsInCents(input)).toEqual({ pay: 142, additional: 23.67, unaTantum: 0, total: 165.67 })
  })

  it('by default a new hire was paid the table in force when joining', () => {
    // Hired in June under the April table: only October's 30.00 is owed.
    // Oct–Dec: 3 × 30.00 × 50 % = 45.00; 13th and 14th 7.50.
    const input: ArrearsInput = {
      steps: renewal,
      hiredOn: '2024-06-17',
      partTimePercent: 50,
      until: '2024-12-31',
      monthlyPayments: 14,
    }
    expect(calculateArrears(input).paidStep.effectiveDate).toBe('2024-04-01')
    expect(totalsInCents(input)).toEqual({ pay: 45, additional: 7.5, unaTantum: 0, total: 52.5 })
  })

  it('una tantum pro rata for part time and months of service (15 days make a month)', () => {
    const unaTantum: UnaTantum = {
      amount: 350,
      entitledOn: '2024-04-01',
      paidOn: '2024-07-31',
      periodFrom: '2023-01-01',
      periodTo: '2024-03-31',
      partTime: 'proportional',
      service: 'months',
    }
    const steps = renewal.map((step, index) => (index === 1 ? { ...step, unaTantum: [unaTantum] } : step))
    // Hired 20 March 2023: 12 days of March do not count; April 2023–March 2024 = 12 of 15 months.
    // 350.00 × 60 % × 12/15 = 168.00. Monthly: 360.00 × 60 % = 216.00, additional 36.00.
    const late = {
      steps,
      hiredOn: '2023-03-20',
      partTimePercent: 60,
      until: '2024-12-31',
      monthlyPayments: 14,
    }
    expect(calculateArrears(late).unaTantum[0]?.months).toEqual({ served: 12, of: 15 })
    expect(totalsInCents(late)).toEqual({ pay: 216, additional: 36, unaTantum: 168, total: 420 })
    // Hired 17 March 2023: 15 days of March count: 13 of 15 months, 350.00 × 60 % × 13/15 = 182.00.
    expect(totalsInCents({ ...late, hiredOn: '2023-03-17' }).unaTantum).toBe(182)
    // Left before the day of entitlement: nothing.
    const left = calculateArrears({ ...late, until: '2024-03-31' })
    expect(left.unaTantum[0]).toMatchObject({ due: 0, excluded: 'notInForce' })
  })

  it('a decorrenza in the middle of a month splits the month', () => {
    // 16–30 April = 15 of 30 days: 100.00 × 15/30 = 50.00; May: 100.00.
    const result = calculateArrears({
      steps: [
        { effectiveDate: '2024-01-01', monthly: 2000 },
        { effectiveDate: '2024-04-16', monthly: 2100 },
      ],
      hiredOn: null,
      partTimePercent: 100,
      until: '2024-05-31',
      monthlyPayments: 12,
    })
    expect(result.lines.map((line) => [line.month, cents(line.pay)])).toEqual([
      ['2024-04', 50],
      ['2024-05', 100],
    ])
    expect(cents(result.totals.total)).toBe(150)
  })
})

// Arbitrary renewals: a table before and one to four raises on the first of a month.
const monthStart = fc
  .integer({ min: 0, max: 71 })
  .map((index) => `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`)
const day = fc
  .integer({ min: 0, max: 6 * 365 })
  .map((offset) => new Date(Date.UTC(2020, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10))
const raises = fc.record({
  base: fc.integer({ min: 100_000, max: 400_000 }).map((value) => value / 100),
  dates: fc.uniqueArray(monthStart, { minLength: 2, maxLength: 5 }).map((dates) => dates.sort()),
  increments: fc.array(
    fc.integer({ min: 0, max: 30_000 }).map((value) => value / 100),
    {
      minLength: 4,
      maxLength: 4,
    },
  ),
})
type Renewal = { base: number; dates: string[]; increments: number[] }
const stepsOf = ({ base, dates, increments }: Renewal): PayStep[] => {
  let monthly = base
  return dates.map((effectiveDate, index) => {
    if (index > 0) monthly += increments[index - 1] ?? 0
    return { effectiveDate, monthly }
  })
}
const proportional = (steps: PayStep[], amount: number): PayStep[] => {
  const second = steps[1] as PayStep
  const unaTantum: UnaTantum = {
    amount,
    entitledOn: second.effectiveDate,
    paidOn: second.effectiveDate,
    periodFrom: (steps[0] as PayStep).effectiveDate,
    periodTo: second.effectiveDate,
    partTime: 'proportional',
    service: 'months',
  }
  return steps.map((step, index) => (index === 1 ? { ...step, unaTantum: [unaTantum] } : step))
}
const employee = fc.record({
  hiredOn: fc.option(day, { nil: null }),
  partTimePercent: fc.integer({ min: 1, max: 100 }),
  until: day,
  monthlyPayments: fc.integer({ min: 12, max: 15 }),
})

describe('calculateArrears: properties', () => {
  it('is never negative for a raise', () => {
    fc.assert(
      fc.property(raises, employee, fc.integer({ min: 0, max: 100_000 }), (renewalOf, who, amount) => {
        const result = calculateArrears({ ...who, steps: proportional(stepsOf(renewalOf), amount / 100) })
        expect(result.lines.every((line) => line.pay >= 0 && line.additional >= 0)).toBe(true)
        expect(result.totals.total).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('is zero when the tables are equal', () => {
    fc.assert(
      fc.property(raises, employee, (renewalOf, who) => {
        const flat = stepsOf({ ...renewalOf, increments: [0, 0, 0, 0] })
        expect(calculateArrears({ ...who, steps: flat }).totals.total).toBe(0)
      }),
    )
  })

  it('is linear in the part-time share', () => {
    fc.assert(
      fc.property(raises, employee, fc.integer({ min: 0, max: 100_000 }), (renewalOf, who, amount) => {
        const steps = proportional(stepsOf(renewalOf), amount / 100)
        const full = calculateArrears({ ...who, steps, partTimePercent: 100 }).totals.total
        const part = calculateArrears({ ...who, steps }).totals.total
        expect(part).toBeCloseTo((full * who.partTimePercent) / 100, 6)
      }),
    )
  })

  it('owes nothing to an employee hired after the last decorrenza', () => {
    fc.assert(
      fc.property(
        raises,
        employee,
        day,
        fc.integer({ min: 0, max: 100_000 }),
        (renewalOf, who, hired, amount) => {
          const steps = proportional(stepsOf(renewalOf), amount / 100)
          const last = (steps.at(-1) as PayStep).effectiveDate
          fc.pre(hired > last)
          expect(calculateArrears({ ...who, steps, hiredOn: hired }).totals.total).toBe(0)
        },
      ),
    )
  })
})
