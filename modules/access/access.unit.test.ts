import { describe, expect, it } from 'vitest'
import { entitlementsOf, type SignedInUser } from '../accounts/index.ts'
import { accessOf, viewerOf } from './access.ts'

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

describe('a renewal that failed', () => {
  const subscriber = user({ accountType: 'standard', trialEndsAt: null })
  const withStatus = (status: 'active' | 'past_due' | 'unpaid' | 'canceled') =>
    accessOf(subscriber, now, async () => ({ subscription: { plan: 'premium', studio: false, status } }))

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
