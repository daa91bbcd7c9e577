/** Pay tables from the pay facts: one table per decorrenza, qualified levels then apprentice levels. */
import type { LevelFact, PayFact, TrancheFact } from './facts/model.ts'
import { cents, dateLong, esc, euro } from './html.ts'
import type { PayLevelRecord, PayTableRecord } from './types.ts'

/** The levels of a schedule from the highest to the lowest (the order tables are shown in). */
export function rankedLevels(pay: PayFact): LevelFact[] {
  return pay.levels
    .map((level, index) => ({ level, index }))
    .sort((a, b) => b.level.param - a.level.param || a.index - b.index)
    .map((x) => x.level)
}

/** The qualified levels of one decorrenza with their amounts, highest level first. */
export function trancheLevels(pay: PayFact, tranche: TrancheFact): PayLevelRecord[] {
  const ref = pay.levels.find((l) => l.code === pay.refLevel)
  if (!ref) throw new Error(`reference level ${pay.refLevel} missing`)
  const rows = pay.levels.map((level, i) => {
    const basePay = tranche.values
      ? (tranche.values[i] as number)
      : cents(((tranche.ref as number) * level.param) / ref.param)
    if (!Number.isFinite(basePay)) throw new Error(`no amount for level ${level.code} at ${tranche.date}`)
    return {
      code: level.code,
      description: `${level.label} – ${level.profiles}`,
      basePay,
      costOfLiving: level.costOfLiving ?? 0,
      thirdElement: pay.thirdElement,
      ...(level.otherElements?.length ? { otherElements: level.otherElements } : {}),
      seniorityStep: pay.seniorityPct ? cents(basePay * pay.seniorityPct) : (level.seniorityStep ?? 0),
      hourlyDivisor: pay.hourlyDivisor,
      dailyDivisor: pay.dailyDivisor,
      ...(pay.hoursPerDay ? { hoursPerDay: pay.hoursPerDay } : {}),
    }
  })
  const order = new Map(rankedLevels(pay).map((l, i) => [l.code, i]))
  return rows.sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0))
}

/** Apprentice rows of one decorrenza, derived from the qualified levels. */
export function apprenticeLevels(pay: PayFact, qualified: PayLevelRecord[]): PayLevelRecord[] {
  const byCode = new Map(qualified.map((l) => [l.code, l]))
  return pay.apprentices.map((a) => {
    const target = byCode.get(a.level)
    const source = a.paidAs ? byCode.get(a.paidAs) : target
    if (!target || !source) throw new Error(`apprentice ${a.code}: unknown level`)
    const share = a.pct ?? 1
    const others = (source.otherElements ?? []).map((e) => ({
      name: e.name,
      amount: cents(e.amount * share),
    }))
    return {
      code: a.code,
      description: a.paidAs ? `${a.description} (retribuzione del livello ${a.paidAs})` : a.description,
      basePay: cents(source.basePay * share),
      costOfLiving: cents(source.costOfLiving * share),
      thirdElement: source.thirdElement,
      ...(others.length > 0 ? { otherElements: others } : {}),
      seniorityStep: 0,
      hourlyDivisor: source.hourlyDivisor,
      dailyDivisor: source.dailyDivisor,
      ...(source.hoursPerDay ? { hoursPerDay: source.hoursPerDay } : {}),
    }
  })
}

/** Every pay table of a category, oldest decorrenza first. */
export function buildPayTables(categoryCode: number, pay: PayFact): PayTableRecord[] {
  return pay.tranches.map((tranche) => {
    const qualified = trancheLevels(pay, tranche)
    const oneOff = tranche.unaTantum ?? []
    const notes = [
      `Minimi contrattuali in vigore dal ${dateLong(tranche.date)}${pay.unit === 'oraria' ? ' (importi orari)' : ' (importi mensili lordi)'}.`,
      tranche.note,
      oneOff.length > 0
        ? `Una tantum di complessivi ${euro(oneOff.reduce((sum, entry) => sum + entry.amount, 0))} euro ai lavoratori in forza al ${dateLong(oneOff[0]?.entitledOn ?? tranche.date)}${oneOff.length > 1 ? `, in ${oneOff.length} rate` : ''}, riproporzionata per il tempo parziale e per i mesi di servizio nel periodo di riferimento.`
        : undefined,
      pay.note,
      pay.apprentices.length > 0
        ? 'Gli apprendisti sono indicati nella scheda Apprendisti con la retribuzione prevista per ciascun periodo.'
        : undefined,
    ].filter((n): n is string => Boolean(n))
    const unaTantum = (tranche.unaTantum ?? []).map((entry) => ({
      amount: entry.amount,
      entitledOn: entry.entitledOn,
      paidOn: entry.paidOn,
      periodFrom: entry.periodFrom,
      periodTo: entry.periodTo,
      partTime: entry.partTime ?? 'proportional',
      service: entry.service ?? 'months',
      ...(entry.levels ? { levels: entry.levels } : {}),
      ...(entry.note ? { note: entry.note } : {}),
    }))
    return {
      categoryCode,
      effectiveDate: tranche.date,
      noteHtml: notes.map((n) => `<p>${esc(n)}</p>`).join(''),
      levels: [...qualified, ...apprenticeLevels(pay, qualified)],
      ...(unaTantum.length > 0 ? { unaTantum } : {}),
    }
  })
}

/** The last decorrenza of a schedule on or before a date (the table in force). */
export function trancheInForce(pay: PayFact, onDate: string): TrancheFact {
  const past = pay.tranches.filter((t) => t.date <= onDate)
  return (past[past.length - 1] ?? pay.tranches[0]) as TrancheFact
}
