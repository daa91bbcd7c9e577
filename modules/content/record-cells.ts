/**
 * The cells of a data package record: JSON Lines give typed values, CSV gives
 * every cell as a string, so each helper accepts both spellings (an Italian
 * `1.257,46`, a JSON list in a cell, `si`/`no`) and yields the typed value.
 */
import { z } from 'zod'

export const collapseSpaces = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : trimmed(value)

export const toNumber = (value: unknown) => {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (text === '') return undefined
  // Italian spelling "1.257,46" as well as "1257.46".
  const normalised = /,\d+$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text
  const number = Number(normalised)
  return Number.isNaN(number) ? value : number
}

export const parseJsonCell = (value: unknown) => {
  if (value === null) return undefined
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    // Not JSON: let the schema report the wrong type.
    return value
  }
}

/** A calendar date `YYYY-MM-DD`. */
export const isoDate = z.preprocess(trimmed, z.iso.date())
/** A required text of at most `max` characters, trimmed. */
export const text = (max: number) => z.preprocess(trimmed, z.string().min(1).max(max))
/** An optional text, blank when not given. */
export const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().max(max).optional())
/** A boolean in the spellings of a spreadsheet (`true`/`false`, `1`/`0`, `si`/`no`). */
export const bool = z.preprocess((value) => {
  if (typeof value !== 'string') return value
  const lowered = value.trim().toLowerCase()
  if (['true', '1', 'si', 'sì', 'yes'].includes(lowered)) return true
  if (['false', '0', 'no', ''].includes(lowered)) return false
  return value
}, z.boolean())
/** A nested JSON value: in CSV its JSON text, in JSON Lines the value itself. */
export const jsonCell = <T extends z.ZodType>(schema: T) => z.preprocess(parseJsonCell, schema)
