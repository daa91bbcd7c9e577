/*
 * Every number a reader sees goes through these formatters. Italian CLDR data
 * leaves four-digit numbers ungrouped (2243,85); the portal, like payslips and
 * contract texts, always groups thousands (2.243,85 €): `useGrouping: 'always'`.
 */
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' })
const signedEuro = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
  signDisplay: 'exceptZero',
})
const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: 'always' })
// Always two decimals, so percentages in a column or a list line up (+2,60 % beside +2,51 %).
const signedDecimal = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
  signDisplay: 'exceptZero',
})
const wholeNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' })
const date = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Rome',
})

/** `2.243,85 €` from an amount in euro. */
export function formatEuro(amount: number): string {
  return euro.format(amount)
}

/** `+12,30 €`, `-4,00 €` or `0,00 €`: a difference in euro. */
export function formatEuroDifference(amount: number): string {
  return signedEuro.format(amount)
}

/** `9,99 €` from an amount in cents. */
export function formatEuroCents(cents: number): string {
  return euro.format(cents / 100)
}

/** A number with at most two decimals and Italian grouping (1.234,5; 173). */
export function formatDecimal(value: number): string {
  return decimal.format(value)
}

/** `+1,25 %`, `-0,5 %`: a percentage change. */
export function formatPercentChange(value: number): string {
  return `${signedDecimal.format(value)} %`
}

/** `gg/mm/aaaa` in the Rome time zone. */
export function formatDate(value: Date | string | number): string {
  return date.format(value instanceof Date ? value : new Date(value))
}

/** A whole number with Italian grouping (15.460). */
export function formatNumber(value: number): string {
  return wholeNumber.format(value)
}
