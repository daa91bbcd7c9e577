import { describe, expect, it } from 'vitest'
import { compileTemplate, fillTemplate, placeholder } from '../../modules/site-content/index.ts'
import { initials } from '../components/viewer.ts'
import { accessClass, personalValues, standInViewer } from './personal-page.ts'

const entitlements = { kind: 'subscriber', canReadInForce: true }
const anna: App.Viewer = {
  kind: 'subscriber',
  plan: 'professional',
  displayName: 'Anna Verdi',
  email: 'anna@esempio.it',
}
const marco: App.Viewer = { ...anna, displayName: 'Marco Neri', email: 'marco@esempio.it' }

describe('access class of a signed-in visitor', () => {
  it('is the same for two visitors who differ only in their personal strings', () => {
    expect(accessClass(anna, entitlements)).toBe(accessClass(marco, entitlements))
    expect(accessClass(anna, entitlements)).not.toContain('Anna')
  })

  it('differs with the plan, the entitlements, the trial message and the payment issue', () => {
    const base = accessClass(anna, entitlements)
    expect(accessClass({ ...anna, plan: 'premium' }, entitlements)).not.toBe(base)
    expect(accessClass(anna, { ...entitlements, canReadInForce: false })).not.toBe(base)
    expect(accessClass({ ...anna, trialExpiryMessage: 'Mancano 2 giorni' }, entitlements)).not.toBe(base)
    expect(accessClass({ ...anna, paymentIssue: true }, entitlements)).not.toBe(base)
  })

  it('differs with which personal strings the account has (the shell shows a picture or initials)', () => {
    const base = accessClass(anna, entitlements)
    expect(accessClass({ ...anna, image: '/media/anna.jpg' }, entitlements)).not.toBe(base)
    expect(accessClass({ ...anna, displayName: undefined }, entitlements)).not.toBe(base)
    expect(accessClass({ ...anna, displayName: anna.email }, entitlements)).not.toBe(base)
  })
})

describe('stand-in viewer', () => {
  it('has a placeholder for each personal string the visitor has, and only those', () => {
    const standIn = standInViewer({ ...anna, image: '/media/anna.jpg' })
    expect(standIn).toMatchObject({
      kind: 'subscriber',
      plan: 'professional',
      displayName: placeholder('name'),
      email: placeholder('email'),
      image: placeholder('image'),
      initials: placeholder('initials'),
    })
    expect(standInViewer(anna).image).toBeUndefined()
    expect(standInViewer({ ...anna, displayName: undefined }).displayName).toBeUndefined()
  })

  it('uses the e-mail placeholder for a name that is the e-mail (the menu then shows it once)', () => {
    expect(standInViewer({ ...anna, displayName: anna.email }).displayName).toBe(placeholder('email'))
  })

  it('gives back the visitor’s page when its template is filled with their strings', () => {
    const render = (viewer: App.Viewer, userId: string) =>
      `<strong>${viewer.displayName}</strong><span>${viewer.email}</span><i>${initials(viewer)}</i><b>${userId}</b>`
    const template = compileTemplate(render(standInViewer(anna), placeholder('uid')))!
    expect(fillTemplate(template, personalValues(marco, 'u-42')).toString()).toBe(render(marco, 'u-42'))
  })
})
