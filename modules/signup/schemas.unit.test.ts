import { describe, expect, it } from 'vitest'
import { trialSignupSchema } from './schemas.ts'

const issue = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => result.error?.issues[0]

describe('trial sign-up input', () => {
  it('trims the names, lower-cases the e-mail and keeps a profession of the trial list', () => {
    expect(
      trialSignupSchema.parse({
        firstName: '  Maria ',
        lastName: 'Verdi',
        email: ' Maria.Verdi@Esempio.IT ',
        profession: 'azienda-hr',
      }),
    ).toEqual({
      firstName: 'Maria',
      lastName: 'Verdi',
      email: 'maria.verdi@esempio.it',
      profession: 'azienda-hr',
    })
  })

  it('lets the placeholder or no profession through as none', () => {
    for (const profession of ['default', '', null, undefined]) {
      expect(
        trialSignupSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.it', profession }).profession,
      ).toBeNull()
    }
  })

  it('names the missing or wrong field in Italian', () => {
    expect(
      issue(trialSignupSchema.safeParse({ firstName: ' ', lastName: 'B', email: 'a@b.it' })),
    ).toMatchObject({
      path: ['firstName'],
      message: 'Inserisci il nome.',
    })
    expect(
      issue(trialSignupSchema.safeParse({ firstName: 'A', lastName: '', email: 'a@b.it' })),
    ).toMatchObject({
      path: ['lastName'],
      message: 'Inserisci il cognome.',
    })
    expect(
      issue(trialSignupSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'ab.it' })),
    ).toMatchObject({
      path: ['email'],
      message: 'Inserisci un indirizzo email valido.',
    })
    expect(issue(trialSignupSchema.safeParse({ firstName: 'A', lastName: 'B', email: '' }))).toMatchObject({
      path: ['email'],
      message: "Inserisci l'indirizzo email.",
    })
  })

  it('refuses a profession of the checkout list only', () => {
    const result = trialSignupSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.it',
      profession: 'avvocato',
    })
    expect(issue(result)?.path).toEqual(['profession'])
  })
})
