import { describe, expect, it } from 'vitest'
import { accessOf, registerSubscriptionLookup, viewerOf } from './access.ts'
import { entitlementsOf } from './entitlements.ts'
import { authErrorMessage } from './handler.ts'
import { hasSessionCookie } from './session.ts'
import type { SignedInUser } from './session.ts'

const now = new Date('2026-11-22T10:00:00Z')
const user = (overrides: Partial<SignedInUser> = {}): SignedInUser => ({
  id: 'u1',
  email: 'maria@esempio.it',
  emailVerified: true,
  name: 'Maria Verdi',
  firstName: 'Maria',
  lastName: 'Verdi',
  profession: null,
  accountType: 'trial',
  trialEndsAt: new Date('2026-11-25T10:00:00Z'),
  image: null,
  createdAt: now,
  socialSetupPending: false,
  ...overrides,
})

const viewer = (
  account: SignedInUser | null,
  subscription?: Parameters<typeof entitlementsOf>[0]['subscription'],
) =>
  viewerOf(
    entitlementsOf({
      account: account ? { accountType: account.accountType, trialEndsAt: account.trialEndsAt } : null,
      subscription,
      now,
    }),
    account,
    now,
  )

describe("the shell's viewer", () => {
  it('is anonymous without an account', () => {
    expect(viewer(null)).toEqual({ kind: 'anonymous' })
  })

  it('carries the trial message for trials, running or ended', () => {
    expect(viewer(user())).toEqual({
      kind: 'trial',
      displayName: 'Maria Verdi',
      email: 'maria@esempio.it',
      trialExpiryMessage: 'Il tuo periodo di prova gratuita termina tra 3 giorni, il 25/11/2026.',
    })
    expect(viewer(user({ trialEndsAt: new Date('2026-11-20T10:00:00Z') }))).toMatchObject({
      kind: 'trialExpired',
      trialExpiryMessage: 'Il tuo periodo di prova gratuita è terminato.',
    })
  })

  it('shows subscribers with their plan', () => {
    const standard = user({ accountType: 'standard', trialEndsAt: null })
    expect(viewer(standard, { plan: 'professional', studio: false, status: 'active' })).toEqual({
      kind: 'subscriber',
      displayName: 'Maria Verdi',
      email: 'maria@esempio.it',
      plan: 'professional',
    })
    expect(viewer(standard, { plan: 'premium', studio: true, status: 'active' })).toMatchObject({
      kind: 'subscriber',
      plan: 'premium',
    })
  })

  it('shows an account without trial or subscription as one without access, with its own message', () => {
    expect(viewer(user({ accountType: 'standard', trialEndsAt: null }))).toMatchObject({
      kind: 'trialExpired',
      trialExpiryMessage: 'Non hai un abbonamento attivo: scegli un piano per consultare la banca dati.',
    })
  })
})

describe('session cookie detection', () => {
  it('finds the session cookie, with or without the secure prefix, and nothing else', () => {
    expect(hasSessionCookie('a=1; bancadati.session_token=abc.def; b=2')).toBe(true)
    expect(hasSessionCookie('__Secure-bancadati.session_token=abc')).toBe(true)
    expect(hasSessionCookie('bancadati.session_data=abc; other=1')).toBe(false)
    expect(hasSessionCookie('xbancadati.session_token=abc')).toBe(false)
    expect(hasSessionCookie(null)).toBe(false)
    expect(hasSessionCookie('')).toBe(false)
  })
})

describe('auth error messages', () => {
  it('translates better-auth codes and keeps the portal’s own messages', () => {
    expect(authErrorMessage(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')).toBe(
      'Accesso non riuscito: Verifica che username e password siano corretti.',
    )
    expect(authErrorMessage(400, 'INVALID_TOKEN', 'Invalid token')).toMatch(/è scaduto o è già stato usato/)
    expect(authErrorMessage(429, 'TOO_MANY_ATTEMPTS', 'Troppi tentativi.')).toBe('Troppi tentativi.')
    expect(authErrorMessage(429, undefined, 'Too many requests. Please try again later.')).toBe(
      'Hai effettuato troppe richieste in poco tempo. Riprova tra qualche minuto.',
    )
    expect(authErrorMessage(500, 'SOMETHING', 'boom')).toBe(
      "Non è stato possibile completare l'operazione. Riprova tra qualche istante.",
    )
  })
})

describe('a renewal that failed', () => {
  const subscriber = user({ accountType: 'standard', trialEndsAt: null })
  const withStatus = async (status: 'active' | 'past_due' | 'unpaid' | 'canceled') => {
    registerSubscriptionLookup(async () => ({
      subscription: { plan: 'premium', studio: false, status },
    }))
    try {
      return await accessOf(subscriber, now)
    } finally {
      registerSubscriptionLookup(undefined)
    }
  }

  it('keeps access while Stripe retries, with the banner that asks for a new card', async () => {
    const retrying = await withStatus('past_due')
    expect(retrying.entitlements.kind).toBe('premium')
    expect(retrying.viewer).toMatchObject({ kind: 'subscriber', paymentIssue: true })
    expect((await withStatus('active')).viewer.paymentIssue).toBeUndefined()
  })

  it('ends access when the subscription becomes unpaid or canceled', async () => {
    for (const status of ['unpaid', 'canceled'] as const) {
      const ended = await withStatus(status)
      expect(ended.entitlements.kind).toBe('registered')
      expect(ended.entitlements.canReadInForce).toBe(false)
      expect(ended.viewer.paymentIssue).toBeUndefined()
    }
  })
})
