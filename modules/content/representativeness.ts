/**
 * Who signed a collective agreement and what that says of it: the signatory
 * lists, the representativeness facts of the CNEL archive and the rule of the
 * badge 'Firmatari più rappresentativi secondo il CNEL' (what it rests on: the
 * CNEL archive's flags, not a legal finding),
 * and whether the agreement is in force or past its expiry (ultrattività).
 */

/** The confederation columns of the CNEL file kept as facts (CNEL column → field). */
export const cnelConfederations = {
  cgil_cisl_uil: 'cgilCislUil',
  confindustria: 'confindustria',
  confcommercio: 'confcommercio',
  ugl: 'ugl',
  confsal: 'confsal',
  cisal: 'cisal',
} as const
export type Confederation = (typeof cnelConfederations)[keyof typeof cnelConfederations]
export const confederations = Object.values(cnelConfederations) as Confederation[]

/** The representativeness facts of an agreement (the CNEL file's flags, editable in the admin). */
export type Representativeness = {
  /** `rappresentato_al_cnel`: the agreement was signed by organisations represented at CNEL. */
  representedAtCnel: boolean
  /** `datoriale_cnel`: the employer side is represented at CNEL. */
  employerSideAtCnel: boolean
  /** `sindacato_cnel`: the union side is represented at CNEL. */
  unionSideAtCnel: boolean
  /** The confederations whose organisations signed. */
  confederations: Confederation[]
}

export const noRepresentativeness: Representativeness = {
  representedAtCnel: false,
  employerSideAtCnel: false,
  unionSideAtCnel: false,
  confederations: [],
}

/**
 * The badge's rule: CGIL, CISL and UIL signed with an employer side
 * represented at CNEL.
 */
export function isMostRepresentative(facts: Representativeness): boolean {
  return facts.confederations.includes('cgilCislUil') && facts.employerSideAtCnel
}

/**
 * A rank for ordering search results, 0 to 4: the badge's contracts first,
 * then those signed by CGIL-CISL-UIL, by both sides represented at CNEL, by
 * one side represented, and last those signed by nobody represented.
 */
export function representativenessRank(facts: Representativeness): number {
  if (isMostRepresentative(facts)) return 4
  if (facts.confederations.includes('cgilCislUil')) return 3
  if (facts.employerSideAtCnel && facts.unionSideAtCnel) return 2
  if (facts.representedAtCnel || facts.employerSideAtCnel || facts.unionSideAtCnel) return 1
  return 0
}

/**
 * The organisations of a signatory field, in order: one per line, or
 * separated by semicolons (the CNEL file), or by commas when neither is used.
 */
export function signatoryList(text: string | null | undefined): string[] {
  if (!text) return []
  const separator = /[\n;]/.test(text) ? /[\n;]+/ : /,/
  return text
    .split(separator)
    .map((name) => name.replace(/\s+/g, ' ').trim())
    .filter((name) => name !== '')
}

/** Whether the agreement is past its expiry (it still applies until renewed: ultrattività) or in force. */
export type Validity = { state: 'expired' | 'inForce'; on: string } | null

/** The agreement's validity on `today` (both calendar days `yyyy-mm-dd`); null without an expiry. */
export function validityOn(expiresOn: string | null | undefined, today: string): Validity {
  if (!expiresOn) return null
  const day = expiresOn.slice(0, 10)
  return { state: day < today ? 'expired' : 'inForce', on: day }
}
