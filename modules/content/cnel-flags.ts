/**
 * The flags of the CNEL archive and of the data package: the spellings a
 * spreadsheet export uses for yes and no, the representativeness columns the
 * portal keeps as facts, and the names of the signing confederations.
 */
import { cnelConfederations, confederations, type Confederation } from './representativeness.ts'

/** The representativeness columns of the CNEL file (CNEL column → field). */
export const cnelRepresentativenessFlags = {
  rappresentato_al_cnel: 'representedAtCnel',
  datoriale_cnel: 'employerSideAtCnel',
  sindacato_cnel: 'unionSideAtCnel',
} as const

const yes = new Set(['true', 'si', 'sì', 's', 'x', '1', 'y', 'yes'])
const no = new Set(['false', 'no', 'n', '0', ''])

/**
 * A flag cell read as a boolean: booleans, 1/0, 'SI'/'NO', 'S'/'N', 'X'/'',
 * 'true'/'false' (any case); a missing cell is no. Anything else is undefined.
 */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === null || value === undefined) return false
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined
  if (typeof value !== 'string') return undefined
  const lowered = value.trim().toLowerCase()
  if (yes.has(lowered)) return true
  if (no.has(lowered)) return false
  return undefined
}

/**
 * Whether an unknown column of the CNEL file is a flag: a boolean, 1/0 or one
 * of the yes/no spellings (an empty cell says nothing and is left out).
 */
export function looseFlag(value: unknown): boolean | undefined {
  if (typeof value === 'string' && value.trim() === '') return undefined
  if (value === null || value === undefined) return undefined
  return parseFlag(value)
}

const compact = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
const confederationByName = new Map<string, Confederation>(
  Object.entries(cnelConfederations).flatMap(([column, field]) => [
    [compact(column), field],
    [compact(field), field],
  ]),
)

/**
 * A confederation named in a data package: the field name (`cgilCislUil`),
 * the CNEL column (`cgil_cisl_uil`) or the usual spelling (`CGIL-CISL-UIL`).
 */
export function confederationNamed(name: string): Confederation | undefined {
  return confederationByName.get(compact(name))
}

/** The confederations, in the portal's order. */
export const sortConfederations = (names: Iterable<Confederation>): Confederation[] => {
  const set = new Set(names)
  return confederations.filter((name) => set.has(name))
}

/** The words that say what a flag cell may hold, for error messages. */
export const flagSpellings = 'SI/NO, S/N, X o vuoto, 1/0, true/false'
