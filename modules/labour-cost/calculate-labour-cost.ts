/**
 * The employer's cost of one worker for a year by the Ministry of Labour's
 * method (the 'costo medio orario del lavoro' tables): A the pay elements,
 * B the additional charges (13th and later months, hours and days paid on
 * top, Cassa Edile accantonamento), C the social charges (contractual
 * contributions, INPS item by item, INAIL), the TFR, D the other contractual
 * charges (ente bilaterale, fondo sanitario, pension fund), the optional
 * regional IRAP; then the cost per year, per month, per hour paid and per
 * hour worked. Framework-free: the caller hands it the level's pay, the
 * contract's terms and the rates already chosen (README.md, 'The method').
 *
 * Every row is rounded to the cent and every total is the sum of the rounded
 * rows above it, so what is printed always adds up.
 */
import type { HoursMethod, LabourCharge } from '../content/index.ts'
import { hoursOf, type HoursResult } from './hours.ts'

/** A pay element of the level, full-time monthly amount (pay table or contract terms). */
export type PayItem = {
  code: string
  label: string
  monthly: number
  /** Counts in the contribution base only (not in TFR, additional months or the other charges). */
  variable: boolean
  source?: string
}

/** An employer contribution chosen for the case (per cent of the contribution base). */
export type ChosenRate = { code: string; label: string; rate: number; source: string }

export type LabourCostInput = {
  elements: readonly PayItem[]
  hourlyDivisor: number
  dailyDivisor: number
  /** Monthly payments a year (12 to 16): the 13th and later are block B. */
  monthlyPayments: number
  /** Paid by the hour worked (construction operai): A is the hourly pay × the hours worked, no additional months. */
  hourlyPaid: boolean
  /** The contract's full-time week, in hours. */
  weeklyHours: number
  /** 1 to 100. */
  partTimePercent: number
  /** The apprentice's pay as a percentage of the level's (null: not an apprentice). */
  apprenticePayPercent: number | null
  hours: HoursMethod
  /** The contract's charges for this worker's group. */
  charges: readonly LabourCharge[]
  /** INPS employer contributions. */
  contributions: readonly ChosenRate[]
  /** INAIL per mille (null: covered by the apprentices' unified rate). */
  inail: { perMille: number; source: string; isDefault: boolean } | null
  /** Regional IRAP in per cent (null: not computed). */
  irapPercent: number | null
}

/** How a line's amount is measured. */
export type Measure =
  | { kind: 'months'; months: number; monthly: number }
  | { kind: 'hours'; hours: number; hourly: number }
  | { kind: 'days'; days: number; daily: number }
  | { kind: 'percent'; rate: number; base: number }
  | { kind: 'perMille'; rate: number; base: number }
  | { kind: 'perMonth'; amount: number; months: number }
  | { kind: 'perHour'; amount: number; hours: number }
  | { kind: 'perYear'; amount: number }

export type CostLine = {
  code: string
  label: string
  measure: Measure
  /** Rounded to the cent. */
  amount: number
  source?: string
}

export type BlockKey = 'A' | 'B' | 'C' | 'TFR' | 'D' | 'IRAP'
export type CostBlock = { key: BlockKey; lines: CostLine[]; total: number }

export type LabourCostResult = {
  hours: HoursResult
  blocks: CostBlock[]
  /** What INPS and INAIL were computed on. */
  contributionBase: number
  tfrBase: number
  totals: { annual: number; monthly: number; perHourPaid: number; perHourWorked: number }
}

/** Rounded to the cent. */
export const cents = (value: number): number => Math.round((value + Math.sign(value) * 1e-9) * 100) / 100

/** TFR accrues one 13.5th of the year's pay (art. 2120 c.c.). */
export const TFR_DIVISOR = 13.5

const sum = (lines: readonly { amount: number }[]) =>
  cents(lines.reduce((total, line) => total + line.amount, 0))
const line = (code: string, label: string, measure: Measure, amount: number, source?: string): CostLine => ({
  code,
  label,
  measure,
  amount: cents(amount),
  ...(source ? { source } : {}),
})
const block = (key: BlockKey, lines: CostLine[]): CostBlock => ({ key, lines, total: sum(lines) })

const contributionShareOf = (charge: LabourCharge) =>
  (charge.contributionShare ?? (charge.block === 'B' ? 100 : 0)) / 100
const inTfrBase = (charge: LabourCharge) => charge.tfr ?? charge.block === 'B'

/** The cost of the case, block by block. */
export function calculateLabourCost(input: LabourCostInput): LabourCostResult {
  const share = input.partTimePercent / 100
  const payShare = (input.apprenticePayPercent ?? 100) / 100
  const hours = hoursOf(input.hours, input.weeklyHours, share)
  const fixedMonthly = input.elements
    .filter((element) => !element.variable)
    .reduce((total, element) => total + element.monthly * payShare, 0)
  const hourlyPay = fixedMonthly / input.hourlyDivisor
  const dailyPay = (fixedMonthly * share) / input.dailyDivisor

  // A: each pay element for the year.
  const a = block(
    'A',
    input.elements.map((element) => {
      if (input.hourlyPaid) {
        const hourly = (element.monthly * payShare) / input.hourlyDivisor
        return line(
          element.code,
          element.label,
          { kind: 'hours', hours: hours.worked, hourly },
          hourly * hours.worked,
          element.source,
        )
      }
      const monthly = element.monthly * payShare * share
      return line(
        element.code,
        element.label,
        { kind: 'months', months: 12, monthly },
        monthly * 12,
        element.source,
      )
    }),
  )
  const fixedPay = sum(
    a.lines.filter((entry) => !input.elements.find((element) => element.code === entry.code)?.variable),
  )

  // B: hours and days paid on top, then the rate charges, then the additional months.
  const charges = (key: 'B' | 'C' | 'D') => input.charges.filter((charge) => charge.block === key)
  const paidOnTop: CostLine[] = charges('B')
    .filter((charge) => charge.hours !== undefined || charge.days !== undefined)
    .map((charge) =>
      charge.hours !== undefined
        ? line(
            charge.code,
            charge.label,
            { kind: 'hours', hours: charge.hours * share, hourly: hourlyPay },
            charge.hours * share * hourlyPay,
            charge.source,
          )
        : line(
            charge.code,
            charge.label,
            { kind: 'days', days: charge.days ?? 0, daily: dailyPay },
            (charge.days ?? 0) * dailyPay,
            charge.source,
          ),
    )
  const holidaysPaid = sum(
    paidOnTop.filter((entry) => input.charges.find((charge) => charge.code === entry.code)?.holidayBase),
  )
  const bases = { pay: fixedPay, payAndHolidays: cents(fixedPay + holidaysPaid), gross: 0 }
  const amountOf = (charge: LabourCharge): CostLine => {
    if (charge.rate !== undefined) {
      const base = bases[charge.base]
      return line(
        charge.code,
        charge.label,
        { kind: 'percent', rate: charge.rate, base },
        (base * charge.rate) / 100,
        charge.source,
      )
    }
    if (charge.monthly !== undefined)
      return line(
        charge.code,
        charge.label,
        { kind: 'perMonth', amount: charge.monthly, months: 12 },
        charge.monthly * 12,
        charge.source,
      )
    if (charge.hourly !== undefined)
      return line(
        charge.code,
        charge.label,
        { kind: 'perHour', amount: charge.hourly, hours: hours.worked },
        charge.hourly * hours.worked,
        charge.source,
      )
    return line(
      charge.code,
      charge.label,
      { kind: 'perYear', amount: charge.yearly ?? 0 },
      charge.yearly ?? 0,
      charge.source,
    )
  }
  const otherB = charges('B')
    .filter((charge) => charge.hours === undefined && charge.days === undefined)
    .map(amountOf)
  const monthBase = cents(
    fixedPay / 12 +
      [...paidOnTop, ...otherB]
        .filter((entry) => input.charges.find((charge) => charge.code === entry.code)?.additionalMonths)
        .reduce((total, entry) => total + entry.amount, 0) /
        12,
  )
  const additionalMonths: CostLine[] = input.hourlyPaid
    ? []
    : Array.from({ length: Math.max(0, input.monthlyPayments - 12) }, (_, index) =>
        line(
          `mensilita-${13 + index}`,
          `${13 + index}ª mensilità`,
          { kind: 'months', months: 1, monthly: monthBase },
          monthBase,
        ),
      )
  const b = block('B', [...additionalMonths, ...paidOnTop, ...otherB])
  bases.gross = cents(a.total + b.total)

  // Contribution base: A and B, less what of each B charge is not subject to contributions.
  const chargeByCode = new Map(input.charges.map((charge) => [charge.code, charge]))
  const exempt = b.lines.reduce((total, entry) => {
    const charge = chargeByCode.get(entry.code)
    return charge ? total + entry.amount * (1 - contributionShareOf(charge)) : total
  }, 0)
  const contractualC = charges('C').map(amountOf)
  const subjectC = contractualC.reduce(
    (total, entry) =>
      total + entry.amount * contributionShareOf(chargeByCode.get(entry.code) as LabourCharge),
    0,
  )
  const contributionBase = cents(a.total + b.total - exempt + subjectC)

  // C: contractual contributions, INPS item by item, INAIL.
  const inps = input.contributions.map((rate) =>
    line(
      `inps-${rate.code}`,
      rate.label,
      { kind: 'percent', rate: rate.rate, base: contributionBase },
      (contributionBase * rate.rate) / 100,
      rate.source,
    ),
  )
  const inail = input.inail
    ? [
        line(
          'inail',
          'INAIL',
          { kind: 'perMille', rate: input.inail.perMille, base: contributionBase },
          (contributionBase * input.inail.perMille) / 1000,
          input.inail.source,
        ),
      ]
    : []
  const c = block('C', [...contractualC, ...inps, ...inail])

  // TFR: the year's pay (fixed elements, additional months, B charges in its base) over 13.5.
  const tfrBase = cents(
    fixedPay +
      b.lines
        .filter((entry) => {
          const charge = chargeByCode.get(entry.code)
          return charge ? inTfrBase(charge) : true
        })
        .reduce((total, entry) => total + entry.amount, 0),
  )
  const tfr = block('TFR', [
    line(
      'tfr',
      'Quota annua del trattamento di fine rapporto',
      { kind: 'percent', rate: 100 / TFR_DIVISOR, base: tfrBase },
      tfrBase / TFR_DIVISOR,
      'art. 2120 c.c.: la retribuzione annua divisa per 13,5',
    ),
  ])

  const d = block('D', charges('D').map(amountOf))
  const blocks = [a, b, c, tfr, d]
  if (input.irapPercent !== null) {
    const before = sum(blocks.map((entry) => ({ amount: entry.total })))
    const irapBase = cents(before - (inail[0]?.amount ?? 0))
    blocks.push(
      block('IRAP', [
        line(
          'irap',
          'IRAP regionale',
          { kind: 'percent', rate: input.irapPercent, base: irapBase },
          (irapBase * input.irapPercent) / 100,
          "d.lgs. 446/1997, art. 16 (base: il costo del lavoro meno l'INAIL, deducibile)",
        ),
      ]),
    )
  }
  const annual = sum(blocks.map((entry) => ({ amount: entry.total })))
  return {
    hours,
    blocks,
    contributionBase,
    tfrBase,
    totals: {
      annual,
      monthly: cents(annual / 12),
      perHourPaid: cents(annual / hours.paid),
      perHourWorked: cents(annual / hours.worked),
    },
  }
}
