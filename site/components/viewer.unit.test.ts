import { describe, expect, it } from 'vitest'
import {
  featureUnavailableAudience,
  initials,
  isCurrent,
  isSignedIn,
  offersPurchase,
  offersTrial,
} from './viewer.ts'

const kinds: App.ViewerKind[] = ['anonymous', 'trial', 'trialExpired', 'subscriber', 'studioSecondary']
const viewer = (kind: App.ViewerKind, extra: Partial<App.Viewer> = {}): App.Viewer => ({ kind, ...extra })

describe('what the shell offers to each visitor', () => {
  it('treats every kind but anonymous as signed in', () => {
    expect(kinds.filter((kind) => isSignedIn(viewer(kind)))).toEqual([
      'trial',
      'trialExpired',
      'subscriber',
      'studioSecondary',
    ])
  })

  it('offers the free trial only to visitors without an account', () => {
    expect(kinds.filter((kind) => offersTrial(viewer(kind)))).toEqual(['anonymous'])
  })

  it('offers a subscription to everyone who has none, never to secondary Studio accounts', () => {
    expect(kinds.filter((kind) => offersPurchase(viewer(kind)))).toEqual([
      'anonymous',
      'trial',
      'trialExpired',
    ])
  })

  it('shows the feature-unavailable texts to anonymous visitors and expired trials only', () => {
    expect(kinds.map((kind) => featureUnavailableAudience(viewer(kind)))).toEqual([
      'anonymous',
      undefined,
      'trialExpired',
      undefined,
      undefined,
    ])
  })
})

describe('initials', () => {
  it('takes the first letters of the first two words of the name', () => {
    expect(initials(viewer('subscriber', { displayName: 'Maria Rossi Bianchi' }))).toBe('MR')
  })

  it('falls back to the e-mail address, then to a question mark', () => {
    expect(initials(viewer('trial', { email: 'studio.verdi@example.it' }))).toBe('SV')
    expect(initials(viewer('trial', { displayName: 'Anna' }))).toBe('AN')
    expect(initials(viewer('trial', { displayName: '  ' }))).toBe('?')
  })
})

describe('isCurrent', () => {
  it('matches the same path, ignoring a trailing slash and letter case', () => {
    expect(isCurrent('/bancadati/', '/bancadati')).toBe(true)
    expect(isCurrent('/BancaDati', '/bancadati')).toBe(true)
    expect(isCurrent('/bancadati/ccnl', '/bancadati')).toBe(false)
  })

  it('matches sub-pages only for sections', () => {
    expect(isCurrent('/bancadati/quotidiano/notizia/2026/11/x', '/bancadati/quotidiano', true)).toBe(true)
    expect(isCurrent('/bancadati/quotidianox', '/bancadati/quotidiano', true)).toBe(false)
    expect(isCurrent('/', '/', true)).toBe(true)
  })
})
