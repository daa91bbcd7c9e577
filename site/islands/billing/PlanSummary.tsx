/**
 * The purchase pages' plan summary: plan (Premium or Professional), renewal
 * (monthly or annual) and the Studio formula; a change re-picks the matching
 * product and price. Below, what the plan costs: its price (VAT included), the
 * launch offer, the net amount (imponibile), the VAT and the total charged for
 * the first period, then the regular price. A link leads back to /acquista.
 * At checkout the amounts are Stripe's invoice preview for the account
 * (`preview`); on the sign-up page, the catalogue's figures, computed with
 * Stripe's rounding. The figures are those of the signed-in account
 * (`useAccountFigures`): a customer who already had the launch offer sees the
 * full price and why.
 */
import { useId } from 'react'
import { billing, common, formatEuroCents } from '#modules/i18n'
import type { PreviewState } from './checkout-preview.ts'
import { pickOption, type PlanChoice, type PlanOption } from './plans.ts'

const t = billing.summary
const names = billing.pricing.plans

type Props = {
  options: readonly PlanOption[]
  selected: PlanOption
  onSelect: (option: PlanOption) => void
  /** The choice cannot change (while paying). */
  locked?: boolean
  /** False when the account already had the launch offer: its note replaces the discount. */
  launchOffer?: boolean
  /** The account's figures are still being asked for. */
  pending?: boolean
  /** At checkout: Stripe's invoice preview of the chosen price, whose amounts the summary shows. */
  preview?: PreviewState
}

export default function PlanSummary({
  options,
  selected,
  onSelect,
  locked = false,
  launchOffer = true,
  pending = false,
  preview,
}: Props) {
  const id = useId()
  const choose = (change: Partial<PlanChoice>) => {
    const next = pickOption(options, {
      plan: change.plan ?? selected.plan,
      interval: change.interval ?? selected.interval,
      studio: change.studio ?? selected.studio,
    })
    if (next && next.priceId !== selected.priceId) onSelect(next)
  }
  const { figures } = selected
  const amounts =
    preview === undefined ? figures.firstPeriod : preview.status === 'ready' ? preview.preview : null

  return (
    <section className="plan-summary" aria-labelledby={`${id}-titolo`} data-plan-summary>
      <h2 className="plan-summary__title" id={`${id}-titolo`}>
        {t.title}
      </h2>
      <fieldset className="plan-summary__choice" disabled={locked}>
        <legend className="plan-summary__label">{t.plan}</legend>
        <div className="segmented">
          {(['premium', 'professional'] as const).map((plan) => (
            <label key={plan} className="segmented__option">
              <input
                type="radio"
                name={`${id}-piano`}
                value={plan}
                checked={selected.plan === plan}
                onChange={() => choose({ plan })}
              />
              <span>{names[plan].name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="plan-summary__choice" disabled={locked}>
        <legend className="plan-summary__label">{t.frequency}</legend>
        <div className="segmented">
          {(['month', 'year'] as const).map((interval) => (
            <label key={interval} className="segmented__option">
              <input
                type="radio"
                name={`${id}-rinnovo`}
                value={interval}
                checked={selected.interval === interval}
                onChange={() => choose({ interval })}
              />
              <span>{interval === 'month' ? t.monthly : t.annual}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="plan-summary__studio">
        <input
          type="checkbox"
          checked={selected.studio}
          disabled={locked}
          onChange={(event) => choose({ studio: event.target.checked })}
        />
        <span>
          <strong>{t.studio}</strong>
          <small>{t.studioHint}</small>
        </span>
      </label>
      {preview?.status === 'failed' ? (
        <p className="plan-summary__failed" role="alert">
          {t.previewFailed}
        </p>
      ) : pending || !amounts ? (
        <p className="plan-summary__pending" aria-busy="true">
          {common.loading}
        </p>
      ) : (
        <>
          <dl className="plan-summary__lines" aria-live="polite">
            <div className="plan-summary__product">
              <dt className="visually-hidden">{t.plan}</dt>
              <dd data-product-name>{selected.name}</dd>
            </div>
            <div>
              <dt>{t.price(selected.interval)}</dt>
              <dd>
                {formatEuroCents(figures.unitAmount)} <small>{t.vatIncluded}</small>
              </dd>
            </div>
            {amounts.discount > 0 && (
              <div className="plan-summary__discount">
                <dt>{t.discount}</dt>
                <dd data-discount>−{formatEuroCents(amounts.discount)}</dd>
              </div>
            )}
            <div>
              <dt>{t.net}</dt>
              <dd data-net>{formatEuroCents(amounts.net)}</dd>
            </div>
            <div>
              <dt>{t.vat}</dt>
              <dd data-vat>{formatEuroCents(amounts.vat)}</dd>
            </div>
            <div className="plan-summary__total">
              <dt>{t.total(selected.interval)}</dt>
              <dd data-total>{formatEuroCents(amounts.total)}</dd>
            </div>
          </dl>
          {launchOffer ? (
            <p className="plan-summary__then">
              {t.then(formatEuroCents(figures.regular.total), selected.interval)}
            </p>
          ) : (
            <p className="plan-summary__no-offer">{t.noOffer}</p>
          )}
        </>
      )}
      <p className="plan-summary__note">{t.renewal}</p>
      <a className="plan-summary__link" href="/acquista">
        {t.changePlans}
      </a>
    </section>
  )
}
