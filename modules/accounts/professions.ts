/**
 * Professions a visitor declares: the short list of the trial sign-up and the
 * social set-up, and the longer list of the checkout. Values are stable codes;
 * labels are the Italian texts shown in the drop-downs.
 */
import { z } from 'zod'
import { it } from '../i18n/index.ts'

/** Codes of the trial sign-up and social set-up drop-down. */
export const trialProfessions = [
  'professionista',
  'associazione-sindacato',
  'azienda-hr',
  'lavoratore',
  'altro',
] as const

/** Codes of the checkout drop-down. */
export const checkoutProfessions = [
  'avvocato',
  'consulente-del-lavoro',
  'commercialista',
  'sindacato',
  'caf-patronato',
  'azienda-hr',
  'software-house',
  'lavoratore',
  'azienda-metalmeccanica',
  'azienda-chimico-farmaceutica',
  'azienda-settore-terziario',
  'altro',
] as const

export type TrialProfession = (typeof trialProfessions)[number]
export type CheckoutProfession = (typeof checkoutProfessions)[number]
export type Profession = TrialProfession | CheckoutProfession

const allProfessions = [...new Set<Profession>([...trialProfessions, ...checkoutProfessions])]

/** Any known profession code. */
export const professionSchema = z.enum(allProfessions as [Profession, ...Profession[]], {
  message: it.accounts.profession.invalid,
})

/** The placeholder value of the drop-downs ('Seleziona la tua professione'). */
export const PROFESSION_PLACEHOLDER = 'default'

/** The Italian label of a profession code. */
export function professionLabel(code: Profession): string {
  return it.accounts.profession.labels[code]
}

/** Options of a drop-down: the codes of `list` with their labels. */
export function professionOptions(list: readonly Profession[]): { value: Profession; label: string }[] {
  return list.map((value) => ({ value, label: professionLabel(value) }))
}
