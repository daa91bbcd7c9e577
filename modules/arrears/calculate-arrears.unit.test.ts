import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calculateArrears, type ArrearsInput, type ArrearsResult, type PayStep } from './calculate-arrears.ts'
import { monthPart } from './day-count.ts'
import { sumCents } from './money.ts'
import type { UnaTantum } from './una-tantum.ts'

/**
 * The demo data's Terziario Confcommercio (contract 133), category 19, 4° livello: the monthly
 * minimum is paga base + contingenza + terzo elemento of each table:
 *   from 01/04/2024: 1.192,46 + 524,22 + 2,07 = 1.718,75
 *   from 01/03/2025: 1.222,46 + 524,22 + 2,07 = 1.748,75 (+30,00), with the una tantum 2 × 175,00
 *   from 01/11/2025: 1.257,46 + 524,22 + 2,07 = 1.783,75 (+65,00 on 01/04/2024)
 *   from 01/11/2026: 1.292,46 + 524,22 + 2,07 = 1.818,75 (+100,00 on 01/04/2024)
 * The una tantum goes to those in force on 01/03/2025, reduced for part time and for the months
 * served in April 2023 – March 2024; its instalments are paid on 31/03/2025 and 31/07/2025.
 */
const instalment = (paidOn: string): UnaTantum => ({
  amount: 175,
  entitledOn: '2025-03-01',
  paidOn,
  periodFrom: '2023-04-01',
  periodTo: '2024-03-31',
  partTime: 'proportional',
  service: 'months',
})
const terziario: PayStep[] = [
  { effectiveDate: '2024-04-01', monthly: 1718.75 },
  {
    effectiveDate: '2025-03-01',
    monthly: 1748.75,
    unaTantum: [instalment('2025-03-31'), instalment('2025-07-31')],
  },
  { effectiveDate: '2025-11-01', monthly: 1783.75 },
  { effectiveDate: '2026-11-01', monthly: 1818.75 },
]
const fullTimeInForce: ArrearsInput = {
  steps: terziario,
  hiredOn: null,
  partTimePercent: 100,
  until: '2026-11-30',
  monthlyPayments: 14,
  dayCount: 'twentySixths',
}

describe('calculateArrears: worked examples (checked by hand)', () => {
  it('Terziario 4° livello from the 01/03/2025 renewal: 13th and 14th on the pay of their due date', () => {
    // Pay: March–October 2025 8 × 30,00 = 240,00; November 2025 – October 2026 12 × 65,00 = 780,00;
    //   November 2026 100,00: 1.120,00.
    // Extra payments due in the period (full time, 12 of 12 months served in each accrual year):
    //   14th July 2025 on the difference of July 2025:        30,00 × 12/12 = 30,00
    //   13th December 2025 on the difference of December:    65,00 × 12/12 = 65,00
    //   14th July 2026:                                       65,00 × 12/12 = 65,00
    //   13th 65,00, 14th 95,00: 160,00 (the old 1/12 accrual gave 1.120,00 × 2/12 = 186,67).
    // Not yet due on 30/11/2026, on the difference of that day (100,00):
    //   13th 2026: January–November 11/12 × 100,00 = 91,67; 14th 2027: July–November 5/12 × 100,00 = 41,67;
    //   133,34 apart from the total.
    // Una tantum: in force on 01/03/2025, 12 of 12 months served: 175,00 + 175,00 = 350,00.
    // Total 1.120,00 + 65,00 + 95,00 + 350,00 = 1.630,00.
    const result = calculateArrears({ ...fullTimeInForce, paidStep: '2024-04-01' })
    expect(result.paidStep.effectiveDate).toBe('2024-04-01')
    expect(result.lines).toHaveLength(21)
    expect(result.extraPayments.map((line) => [line.kind, line.dueOn, line.months, line.amount])).toEqual([
      ['fourteenth', '2025-07-31', 12, 30],
      ['thirteenth', '2025-12-31', 12, 65],
      ['fourteenth', '2026-07-31', 12, 65],
    ])
    expect(result.accrued.map((line) => [line.kind, line.months, line.amount])).toEqual([
      ['thirteenth', 11, 91.67],
      ['fourteenth', 5, 41.67],
    ])
    expect(result.totals).toEqual({
      pay: 1120,
      thirteenth: 65,
      fourteenth: 95,
      fund: 0,
      unaTantum: 350,
      total: 1630,
      accrued: 133.34,
    })
    // By year of competence, paid in 2026 (the month after 30/11/2026):
    //   2025: 8 × 30,00 + 2 × 65,00 = 370,00, 14th 30,00, 13th 65,00, una tantum 350,00 = 815,00, taxed apart;
    //   2026: 10 × 65,00 + 100,00 = 750,00, 14th 65,00 = 815,00.
    expect(result.paymentYear).toBe(2026)
    expect(result.years).toEqual([
      {
        year: 2025,
        pay: 370,
        thirteenth: 65,
        fourteenth: 30,
        fund: 0,
        unaTantum: 350,
        total: 815,
        separateTaxation: true,
      },
      {
        year: 2026,
        pay: 750,
        thirteenth: 0,
        fourteenth: 65,
        fund: 0,
        unaTantum: 0,
        total: 815,
        separateTaxation: false,
      },
    ])
    // TFR: (1.120,00 + 65,00 + 95,00 + 91,67 + 41,67) / 13,5 = 1.413,34 / 13,5 = 104,6918… = 104,69;
    // the una tantum left out.
    expect(result.tfr).toEqual({ base: 1413.34, amount: 104.69 })
  })

  it('from the 01/11/2025 renewal the una tantum of the 01/03/2025 renewal is not counted', () => {
    // The table before the renewal is 01/03/2025 (1.748,75): its una tantum belongs to that renewal.
    // Pay: November 2025 – October 2026 12 × 35,00 = 420,00; November 2026 70,00: 490,00.
    // 13th December 2025 35,00; 14th July 2026 35,00. Total 560,00.
    const result = calculateArrears({ ...fullTimeInForce, steps: terziario.slice(1) })
    expect(result.paidStep.effectiveDate).toBe('2025-03-01')
    expect(result.unaTantum.map((line) => [line.paidOn, line.status, line.due])).toEqual([
      ['2025-03-31', 'otherRenewal', 0],
      ['2025-07-31', 'otherRenewal', 0],
    ])
    expect(result.totals).toMatchObject({
      pay: 490,
      thirteenth: 35,
      fourteenth: 35,
      unaTantum: 0,
      total: 560,
    })
  })

  it('with the latest table paid nothing is owed, una tantum included', () => {
    const result = calculateArrears({ ...fullTimeInForce, paidStep: '2026-11-01' })
    expect(result.lines).toEqual([])
    expect(result.unaTantum.map((line) => line.status)).toEqual(['paidTable', 'paidTable'])
    expect(result.totals.total).toBe(0)
    expect(result.totals.accrued).toBe(0)
    expect(result.tfr.amount).toBe(0)
  })

  it("an instalment marked 'già corrisposta' is left out of the total", () => {
    // Equal tables: no difference. The una tantum's first instalment was paid, the second not:
    // 175,00 is owed. Both paid: 0,00.
    const flat = terziario.map((step) => ({ ...step, monthly: 1718.75 }))
    const one = calculateArrears({ ...fullTimeInForce, steps: flat, unaTantumPaid: ['2025-03-31'] })
    expect(one.unaTantum.map((line) => [line.status, line.due])).toEqual([
      ['alreadyPaid', 0],
      ['due', 175],
    ])
    expect(one.totals.total).toBe(175)
    const both = calculateArrears({
      ...fullTimeInForce,
      steps: flat,
      unaTantumPaid: ['2025-03-31', '2025-07-31'],
    })
    expect(both.totals.total).toBe(0)
  })

  it('a new hire: extra payments pro rata for the months served in their accrual year', () => {
    // Hired 10/04/2025, paid the 01/04/2024 table, full time, to 31/12/2025, calendar days.
    // Pay: 10–30 April 21/30 × 30,00 = 21,00; May–October 6 × 30,00 = 180,00;
    //   November–December 2 × 65,00 = 130,00: 331,00.
    // 14th July 2025: April (21 days ≥ 15), May, June of July 2024 – June 2025: 3/12 × 30,00 = 7,50.
    // 13th December 2025: April to December, 9/12 × 65,00 = 48,75.
    // Not yet due: 14th of July 2026, July–December 2025 6/12 × 65,00 = 32,50.
    // Una tantum: not in force on 01/03/2025. Total 331,00 + 48,75 + 7,50 = 387,25, all of 2025,
    // paid in 2026: taxed apart.
    const result = calculateArrears({
      ...fullTimeInForce,
      hiredOn: '2025-04-10',
      paidStep: '2024-04-01',
      until: '2025-12-31',
      dayCount: 'calendar',
    })
    expect(result.lines[0]).toMatchObject({ month: '2025-04', days: 21, of: 30, pay: 21 })
    expect(result.extraPayments.map((line) => [line.kind, line.months, line.amount])).toEqual([
      ['fourteenth', 3, 7.5],
      ['thirteenth', 9, 48.75],
    ])
    expect(result.accrued.map((line) => [line.kind, line.months, line.amount])).toEqual([
      ['fourteenth', 6, 32.5],
    ])
    expect(result.unaTantum.every((line) => line.status === 'notInForce')).toBe(true)
    expect(result.totals).toMatchObject({ pay: 331, thirteenth: 48.75, fourteenth: 7.5, total: 387.25 })
    expect(result.years).toEqual([
      expect.objectContaining({ year: 2025, total: 387.25, separateTaxation: true }),
    ])
  })

  it('a part month by calendar days, 26ths or 30ths', () => {
    // Hired Thursday 17/07/2025 at 50 %, difference 30,00, to 31/07/2025:
    //   calendar days 17–31 July = 15 of 31: 30,00 × 15/31 × 50 % = 7,258… = 7,26
    //   26ths: 15 days less the Sundays 20 and 27 July = 13: 30,00 × 13/26 × 50 % = 7,50
    //   30ths: the commercial month ends on the 30th: 30 − 17 + 1 = 14: 30,00 × 14/30 × 50 % = 7,00
    const line = (dayCount: ArrearsInput['dayCount']) =>
      calculateArrears({
        steps: terziario.slice(0, 2),
        hiredOn: '2025-07-17',
        partTimePercent: 50,
        until: '2025-07-31',
        monthlyPayments: 12,
        paidStep: '2024-04-01',
        dayCount,
      }).lines[0]
    expect(line('calendar')).toMatchObject({ days: 15, of: 31, pay: 7.26 })
    expect(line('twentySixths')).toMatchObject({ days: 13, of: 26, pay: 7.5 })
    expect(line('thirtieths')).toMatchObject({ days: 14, of: 30, pay: 7 })
    // February 2026 from Monday the 16th: 13 of 28 calendar days; 12 working days (Sunday the 22nd
    // left out); 30 − 16 + 1 = 15 thirtieths.
    expect(monthPart('calendar', '2026-02', '2026-02-16', '2026-02-28')).toEqual({ days: 13, of: 28 })
    expect(monthPart('twentySixths', '2026-02', '2026-02-16', '2026-02-28')).toEqual({ days: 12, of: 26 })
    expect(monthPart('thirtieths', '2026-02', '2026-02-16', '2026-02-28')).toEqual({ days: 15, of: 30 })
    // A whole month is always the whole monthly amount.
    expect(monthPart('twentySixths', '2026-03', '2026-03-01', '2026-03-31')).toEqual({ days: 26, of: 26 })
    expect(monthPart('thirtieths', '2026-01', '2026-01-01', '2026-01-31')).toEqual({ days: 30, of: 30 })
  })

  it('construction workers: the Cassa Edile accantonamento instead of an employer-paid 13th', () => {
    // Demo category 23 (operai edili), 4° livello: 1.913,89 from 01/01/2024, 2.025,89 from 01/02/2025
    // (+112,00), una tantum 250,00 to those in force on 21/02/2025 for July 2024 – January 2025.
    // To 30/06/2025, full time: pay February–June 5 × 112,00 = 560,00;
    // accantonamento 18,5 % of each month's 112,00 = 20,72, 5 × 20,72 = 103,60; no 13th or 14th;
    // una tantum 250,00 × 7/7 = 250,00. Total 560,00 + 103,60 + 250,00 = 913,60.
    // TFR on (560,00 + 103,60) / 13,5 = 49,155… = 49,16.
    const result = calculateArrears({
      steps: [
        { effectiveDate: '2024-01-01', monthly: 1913.89 },
        {
          effectiveDate: '2025-02-01',
          monthly: 2025.89,
          unaTantum: [
            {
              amount: 250,
              entitledOn: '2025-02-21',
              paidOn: '2025-04-30',
              periodFrom: '2024-07-01',
              periodTo: '2025-01-31',
              partTime: 'proportional',
              service: 'months',
            },
          ],
        },
      ],
      hiredOn: null,
      partTimePercent: 100,
      until: '2025-06-30',
      monthlyPayments: 13,
      cassaEdile: { percent: 18.5 },
    })
    expect(result.lines.map((line) => line.fund)).toEqual([20.72, 20.72, 20.72, 20.72, 20.72])
    expect(result.extraPayments).toEqual([])
    expect(result.accrued).toEqual([])
    expect(result.totals).toMatchObject({
      pay: 560,
      fund: 103.6,
      thirteenth: 0,
      unaTantum: 250,
      total: 913.6,
    })
    expect(result.tfr).toEqual({ base: 663.6, amount: 49.16 })
  })

  it('each row is rounded to the cent and the total adds the rounded rows', () => {
    // Difference 10,00 at 33 % over three months of 31, 30 and 31 days from the 2nd (calendar days):
    //   January 2–31: 10 × 30/31 × 33 % = 3,1935… = 3,19
    //   February: 3,30; March: 3,30. Printed rows add to 9,79 (unrounded: 9,7935…).
    const result = calculateArrears({
      steps: [
        { effectiveDate: '2025-01-01', monthly: 1000 },
        { effectiveDate: '2025-01-02', monthly: 1010 },
      ],
      hiredOn: null,
      partTimePercent: 33,
      until: '2025-03-31',
      monthlyPayments: 12,
    })
    expect(result.lines.map((line) => line.pay)).toEqual([3.19, 3.3, 3.3])
    expect(result.totals.pay).toBe(9.79)
  })

  it('refuses a span over 120 months before listing any month', () => {
    expect(() => calculateArrears({ ...fullTimeInForce, until: '2099-12-31' })).toThrow(/120 months/)
  })
})

// Arbitrary renewals: a table before and one to four raises on the first of a month, each maybe
// with an una tantum of its own.
const monthStart = fc
  .integer({ min: 0, max: 71 })
  .map((index) => `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`)
const day = fc
  .integer({ min: 0, max: 7 * 365 })
  .map((offset) => new Date(Date.UTC(2020, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10))
const renewals = fc.record({
  base: fc.integer({ min: 100_000, max: 400_000 }).map((value) => value / 100),
  dates: fc.uniqueArray(monthStart, { minLength: 2, maxLength: 5 }).map((dates) => dates.sort()),
  increments: fc.array(
    fc.integer({ min: 0, max: 30_000 }).map((value) => value / 100),
    { minLength: 4, maxLength: 4 },
  ),
  oneOffs: fc.array(
    fc.integer({ min: 0, max: 50_000 }).map((value) => value / 100),
    {
      minLength: 5,
      maxLength: 5,
    },
  ),
})
type Renewal = { base: number; dates: string[]; increments: number[]; oneOffs: number[] }
const stepsOf = ({ base, dates, increments, oneOffs }: Renewal): PayStep[] => {
  let monthly = base
  return dates.map((effectiveDate, index) => {
    if (index > 0) monthly += increments[index - 1] ?? 0
    const amount = oneOffs[index] ?? 0
    const unaTantum: UnaTantum[] =
      amount > 0
        ? [
            {
              amount,
              entitledOn: effectiveDate,
              paidOn: effectiveDate,
              periodFrom: dates[0] as string,
              periodTo: effectiveDate,
              partTime: 'proportional',
              service: 'months',
            },
          ]
        : []
    return { effectiveDate, monthly, unaTantum }
  })
}
const employee = fc.record({
  hiredOn: fc.option(day, { nil: null }),
  partTimePercent: fc.integer({ min: 1, max: 100 }),
  until: day,
  monthlyPayments: fc.integer({ min: 12, max: 14 }),
  dayCount: fc.constantFrom('calendar', 'twentySixths', 'thirtieths') as fc.Arbitrary<
    ArrearsInput['dayCount']
  >,
  fourteenthMonth: fc.integer({ min: 1, max: 12 }),
  paidIndex: fc.integer({ min: 0, max: 4 }),
  cassaEdile: fc.option(fc.constant({ percent: 18.5 }), { nil: null }),
})
type Employee = typeof employee extends fc.Arbitrary<infer T> ? T : never
const inputOf = (steps: PayStep[], who: Employee): ArrearsInput => ({
  ...who,
  steps,
  paidStep: steps[Math.min(who.paidIndex, steps.length - 1)]?.effectiveDate,
})

/** A figure as the page, the XLSX and the PDF print it (two decimals), read back. */
const printed = (value: number) => Number(value.toFixed(2))
const printedSum = (values: number[]) => sumCents(values.map(printed))

describe('calculateArrears: properties', () => {
  it('is zero when nothing differs and no una tantum is due', () => {
    fc.assert(
      fc.property(renewals, employee, (renewal, who) => {
        const steps = stepsOf({ ...renewal, increments: [0, 0, 0, 0] })
        const paid = steps.flatMap((step) => (step.unaTantum ?? []).map((entry) => entry.paidOn))
        const result = calculateArrears({ ...inputOf(steps, who), unaTantumPaid: paid })
        expect(result.totals.total).toBe(0)
        expect(result.totals.accrued).toBe(0)
        expect(result.tfr.amount).toBe(0)
      }),
    )
  })

  it('never counts an una tantum of another renewal or of a table already paid', () => {
    fc.assert(
      fc.property(renewals, employee, (renewal, who) => {
        const steps = stepsOf(renewal)
        const result = calculateArrears(inputOf(steps, who))
        const firstDay = steps[0]?.effectiveDate as string
        for (const line of result.unaTantum.filter((entry) => entry.due !== 0)) {
          expect(line.effectiveDate > firstDay).toBe(true)
          expect(line.effectiveDate > result.paidStep.effectiveDate).toBe(true)
        }
      }),
    )
  })

  it('prints totals that are the sums of the printed rows', () => {
    fc.assert(
      fc.property(renewals, employee, (renewal, who) => {
        const result: ArrearsResult = calculateArrears(inputOf(stepsOf(renewal), who))
        const { totals } = result
        expect(totals.pay).toBe(printedSum(result.lines.map((line) => line.pay)))
        expect(totals.fund).toBe(printedSum(result.lines.map((line) => line.fund)))
        const extra = (kind: string) =>
          printedSum(result.extraPayments.filter((line) => line.kind === kind).map((line) => line.amount))
        expect(totals.thirteenth).toBe(extra('thirteenth'))
        expect(totals.fourteenth).toBe(extra('fourteenth'))
        expect(totals.unaTantum).toBe(printedSum(result.unaTantum.map((line) => line.due)))
        expect(totals.accrued).toBe(printedSum(result.accrued.map((line) => line.amount)))
        expect(totals.total).toBe(
          printedSum([totals.pay, totals.thirteenth, totals.fourteenth, totals.fund, totals.unaTantum]),
        )
        expect(totals.total).toBe(printedSum(result.years.map((year) => year.total)))
      }),
    )
  })

  it('is never negative for a raise', () => {
    fc.assert(
      fc.property(renewals, employee, (renewal, who) => {
        const result = calculateArrears(inputOf(stepsOf(renewal), who))
        expect(result.lines.every((line) => line.pay >= 0 && line.fund >= 0)).toBe(true)
        expect(result.extraPayments.every((line) => line.amount >= 0)).toBe(true)
        expect(result.totals.total).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('owes nothing to an employee hired after the last decorrenza', () => {
    fc.assert(
      fc.property(renewals, employee, day, (renewal, who, hired) => {
        const steps = stepsOf(renewal)
        fc.pre(hired > (steps.at(-1) as PayStep).effectiveDate)
        const result = calculateArrears({ ...who, steps, hiredOn: hired })
        expect(result.totals.total).toBe(0)
      }),
    )
  })
})
