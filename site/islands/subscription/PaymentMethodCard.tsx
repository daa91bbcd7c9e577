/**
 * The saved card (brand mark, last four digits, expiry) and its replacement
 * through the checkout's card entry (Stripe Elements with real keys, the
 * 'Modalità di prova' form on the emulator). Saved with `PATCH
 * stripe/paymentmethods/update-customer-card/{customerId}/{paymentMethodId}`,
 * which also settles a renewal left unpaid; a refused card shows 'Errore
 * durante l'aggiornamento del metodo di pagamento.'.
 */
import { useState } from 'react'
import { it } from '../../../modules/i18n/index.ts'
import { FormAlert } from '../FormParts.tsx'
import CardEntry from './CardEntry.tsx'
import { CardBrand, brandName } from './CardBrand.tsx'
import { billingApi, reloadSoon } from './subscription-client.ts'

const t = it.billing.manage.paymentMethod

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
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null)

  async function save(paymentMethodId: string): Promise<boolean> {
    setOutcome(null)
    const result = await billingApi.replaceCard(customerId, paymentMethodId)
    if (!result.ok) {
      setOutcome('failed')
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

  return (
    <div className="payment-method">
      {outcome === 'done' && <FormAlert variant="success">{it.billing.cardUpdated}</FormAlert>}
      {outcome === 'failed' && <FormAlert variant="danger">{it.billing.errors.cardUpdateFailed}</FormAlert>}
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
        <div className="payment-method__entry">
          <h3 className="payment-method__entry-title">{t.replaceTitle}</h3>
          <CardEntry
            testMode={testMode}
            publishableKey={publishableKey}
            submitLabel={t.save}
            submittingLabel={t.saving}
            onPaymentMethod={save}
            onError={() => setOutcome('failed')}
            onCancel={() => setReplacing(false)}
            cancelLabel={t.cancel}
          />
        </div>
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
