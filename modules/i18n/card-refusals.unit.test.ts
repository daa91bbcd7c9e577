import { describe, expect, it } from 'vitest'
import { cardRefusal } from './card-refusals.ts'

describe('the Italian reason of a card refusal', () => {
  it('reads Stripe’s decline code first, then its error code', () => {
    expect(cardRefusal({ code: 'card_declined', decline_code: 'insufficient_funds' })).toMatch(
      /fondi insufficienti/,
    )
    expect(cardRefusal({ code: 'expired_card' })).toMatch(/perché è scaduta/)
    expect(cardRefusal({ code: 'incorrect_cvc', decline_code: 'incorrect_cvc' })).toMatch(/CVC/)
    expect(cardRefusal({ code: 'payment_intent_authentication_failure' })).toMatch(
      /autenticazione 3-D Secure non è riuscita/,
    )
    expect(cardRefusal({ code: 'authentication_required', decline_code: 'authentication_required' })).toMatch(
      /a ogni pagamento/,
    )
    expect(cardRefusal({ code: 'incorrect_number' })).toBe('Il numero della carta non è valido.')
  })

  it('leaves a generic refusal to the caller’s own text', () => {
    expect(cardRefusal({ code: 'card_declined', decline_code: 'generic_decline' })).toBeNull()
    expect(cardRefusal({ code: 'card_declined', decline_code: 'stolen_card' })).toBeNull()
    expect(cardRefusal(undefined)).toBeNull()
  })
})
