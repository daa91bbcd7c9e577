/**
 * The saved card (brand mark, last four digits, expiry) and its replacement
 * through the portal's one card entry (`billing/CardEntry.tsx`: Stripe
 * Elements with real keys, the 'Modalità di prova' form on the emulator). Saved with `PATCH
 * stripe/paymentmethods/update-customer-card/{customerId}/{paymentMethodId}`,
 * which also settles a renewal left unpaid; a refused card shows 'Errore
 * durante l'aggiornamento del metodo di pagamento.' with the bank's reason
 * when Stripe gives one (insufficient funds, expired card, wrong CVC…).
 */
import { useRef, useState } from 'react'
import { billing, cardUpdateRefused } from '#modules/i18n'
import { FormAlert, PostForm } from '../FormParts.tsx'
import CardEntry, { type CardEntryHandle } from '../billing/CardEntry.tsx'
import { CardBrand, brandName } from './CardBrand.tsx'
import { subscriptionCalls, reloadSoon } from './subscription-client.ts'

const t = billing.manage.paymentMethod

type Card = { brand: string; last4: string; expMonth: number | null; expYear: number | null }

type Props = {
  customerId: string
  card: Card | null
  testMode: boolean
  publishableKey: string
  /** Reload the page after a change (a failed renewal the new card has paid changes the page). */
  reloadAfter?: boolean
}

export default function PaymentMethodCard({
  customerId,
  card: initial,
  testMode,
  publishableKey,
  reloadAfter,
}: Props) {
  const [card, setCard] = useState(initial)
  const [replacing, setReplacing] = useState(false)
  const [outcome, setOutcome] = useState<'done' | { failed: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const entry = useRef<CardEntryHandle>(null)

  async function save(paymentMethodId: string): Promise<boolean> {
    setOutcome(null)
    const result = await subscriptionCalls.replaceCard(customerId, paymentMethodId)
    if (!result.ok) {
      setOutcome({ failed: result.message ?? billing.errors.cardUpdateFailed })
      return false
    }
    const saved = result.data.paymentMethod.card as Card
    setCard({
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth ?? null,
      expYear: saved.expYear ?? null,
    })
    setOutcome('done')
    setReplacing(false)
    if (reloadAfter) reloadSoon()
    return true
  }

  /** The card entry's payment method (a test token on the emulator, Stripe.js's otherwise), then saved. */
  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault()
    if (!entry.current?.check()) return
    setBusy(true)
    try {
      const created = await entry.current.createPaymentMethod()
      if ('paymentMethodId' in created) await save(created.paymentMethodId)
      else setOutcome({ failed: cardUpdateRefused(created.refusal) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="payment-method">
      {outcome === 'done' && <FormAlert variant="success">{billing.cardUpdated}</FormAlert>}
      {outcome && outcome !== 'done' && <FormAlert variant="danger">{outcome.failed}</FormAlert>}
      {card ? (
        <div className="saved-card" data-testid="carta-salvata">
          <CardBrand brand={card.brand} />
          <div className="saved-card__text">
            <strong>
              {brandName(card.brand)} <span aria-hidden="true">••••</span>{' '}
              <span data-testid="carta-ultime-cifre">{card.last4}</span>
            </strong>
            <span className="muted">
              {t.ending(card.last4)}
              {card.expMonth && card.expYear ? ` · ${t.expires(card.expMonth, card.expYear)}` : ''}
            </span>
          </div>
        </div>
      ) : (
        <p className="muted">{t.none}</p>
      )}
      {replacing ? (
        <PostForm className="account-form payment-method__entry" onSubmit={submit} busy={busy}>
          <CardEntry
            ref={entry}
            testMode={testMode}
            publishableKey={publishableKey}
            disabled={busy}
            legend={t.replaceTitle}
          />
          <div className="profile-form__actions">
            <button className="btn" type="submit" disabled={busy}>
              {busy ? t.saving : t.save}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => setReplacing(false)}
              disabled={busy}
            >
              {t.cancel}
            </button>
          </div>
        </PostForm>
      ) : (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setOutcome(null)
            setReplacing(true)
          }}
        >
          {t.replace}
        </button>
      )}
    </div>
  )
}
