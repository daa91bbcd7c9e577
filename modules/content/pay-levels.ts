import type { PayLevel } from './schemas.ts'

/** Apprentice levels are those whose description contains "appr" (any case). */
export function isApprenticeLevel(level: Pick<PayLevel, 'description'>): boolean {
  return /appr/i.test(level.description)
}

/** The levels of a pay table split into the Qualificati and Apprendisti tabs. */
export function splitLevels<T extends Pick<PayLevel, 'description'>>(
  levels: readonly T[],
): { qualified: T[]; apprentices: T[] } {
  const qualified: T[] = []
  const apprentices: T[] = []
  for (const level of levels) (isApprenticeLevel(level) ? apprentices : qualified).push(level)
  return { qualified, apprentices }
}

type MonthlyElements = Pick<PayLevel, 'basePay' | 'costOfLiving' | 'thirdElement'> & {
  otherElements?: readonly { amount: number }[]
}

/**
 * The level's monthly pay: every element of it (minimum, cost of living,
 * third element and the further elements the contract grants), to the cent.
 */
export function monthlyPay(level: MonthlyElements): number {
  const others = (level.otherElements ?? []).reduce((sum, element) => sum + element.amount, 0)
  return Math.round((level.basePay + level.costOfLiving + level.thirdElement + others) * 100) / 100
}
