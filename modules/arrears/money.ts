/** Money as printed: each figure rounded to the cent, totals as sums of the rounded figures (integer cents, no drift). */

/** A figure rounded to the cent (half away from zero). */
export function cents(value: number): number {
  const rounded = Math.round(Math.abs(value) * 100 + 1e-7) / 100
  return value < 0 ? -rounded : rounded
}

/** The sum of figures already rounded to the cent, added in integer cents. */
export function sumCents(values: Iterable<number>): number {
  let total = 0
  for (const value of values) total += Math.round(value * 100)
  return total / 100
}
