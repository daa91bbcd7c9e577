import { remembered } from '../memo/index.ts'

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })
const date = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Rome',
})

/** `9,99 €` from an amount in euro. */
export function formatEuro(amount: number): string {
  return euro.format(amount)
}

/** `9,99 €` from an amount in cents. */
export function formatEuroCents(cents: number): string {
  return euro.format(cents / 100)
}

/** Dates already formatted (Intl formatting with a time zone is slow; pages show the same dates again and again). */
const formattedDate = remembered((value: string | number) => date.format(new Date(value)), 5000)

/** `gg/mm/aaaa` in the Rome time zone. */
export function formatDate(value: Date | string | number): string {
  return formattedDate(value instanceof Date ? value.getTime() : value)
}

/** A whole number with Italian grouping (15.460). */
export function formatNumber(value: number): string {
  return wholeNumber.format(value)
}

const wholeNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: true })
