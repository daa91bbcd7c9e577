/**
 * The plan change (§4): plan, frequency (mensile or annuale) and Studio,
 * 'Calcola differenza' for the proration preview, then 'Conferma e paga'.
 * When lines 0 and 1 add up to more than zero it is an upgrade, immediate,
 * charging `amountRemaining`; otherwise a downgrade at the end of the period.
 * The page reloads afterwards.
 */
import { useState } from 'react'
import { billing, formatDate, formatEuroCents } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'
import type { PlanOption } from '../../components/subscription/subscription-view.ts'
import { subscriptionCalls, reloadSoon, type Proration } from './subscription-client.ts'

const t = billing.manage.change
const failed = billing.errors.planChangeFailed

type Props = {
  subscriptionId: string
  currentProductId: string | null
  currentPlan: 'premium' | 'professional'
  currentStudio: boolean
  periodEnd: string | null
  options: PlanOption[]
  /** Open at once (?changeSubscription=true, /gestione-abbonamento/aggiorna). */
  open: boolean
  /** The plan preselected (?to=professional). */
  to: 'premium' | 'professional' | null
}

type Outcome = { variant: 'success' | 'danger'; text: string } | null

/** §4: an upgrade when lines 0 and 1 add up to more than zero. */
export function isUpgrade(preview: Proration): boolean {
  return (preview.lines[0]?.amount ?? 0) + (preview.lines[1]?.amount ?? 0) > 0
}

export default function PlanChange(props: Props) {
  const [open, setOpen] = useState(props.open)
  const [plan, setPlan] = useState(props.to ?? props.currentPlan)
  const [interval, setInterval] = useState<'month' | 'year'>('month')
  const [studio, setStudio] = useState(props.currentStudio)
  const [preview, setPreview] = useState<Proration | null>(null)
  const [busy, setBusy] = useState<'calculate' | 'confirm' | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [done, setDone] = useState(false)

  const chosen = props.options.find(
    (option) => option.plan === plan && option.interval === interval && option.studio === studio,
  )

  function choose(change: () => void) {
    change()
    setPreview(null)
    setOutcome(null)
  }

  async function calculate() {
    if (!chosen) return
    setBusy('calculate')
    setOutcome(null)
    const result = await subscriptionCalls.proration(props.subscriptionId, chosen.productId)
    setBusy(null)
    if (result.ok) setPreview(result.data)
    else setOutcome({ variant: 'danger', text: result.message ?? failed })
  }

  async function confirm() {
    if (!chosen || !preview) return
    setBusy('confirm')
    setOutcome(null)
    if (isUpgrade(preview)) {
      const result = await subscriptionCalls.upgrade(props.subscriptionId, chosen.productId)
      if (result.ok) {
        setOutcome({ variant: 'success', text: t.upgradeDone })
        setDone(true)
        reloadSoon()
      } else {
        setOutcome({ variant: 'danger', text: failed })
        setBusy(null)
      }
      return
    }
    const result = await subscriptionCalls.downgrade(props.subscriptionId, chosen.productId)
    if (result.ok) {
      setOutcome({ variant: 'success', text: t.downgradeDone(formatDate(result.data.effective)) })
      setDone(true)
      reloadSoon()
    } else {
      setOutcome({ variant: 'danger', text: failed })
      setBusy(null)
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
        {t.open}
      </button>
    )
  }

  const upgrade = preview ? isUpgrade(preview) : false
  return (
    <div className="plan-change" data-testid="cambio-abbonamento">
      <div className="plan-change__choices">
        <fieldset className="plan-change__group">
          <legend className="field__label">{t.plan}</legend>
          {(['premium', 'professional'] as const).map((value) => (
            <label className="check" key={value}>
              <input
                type="radio"
                name="piano"
                value={value}
                checked={plan === value}
                disabled={done}
                onChange={() => choose(() => setPlan(value))}
              />
              <span>{value === 'premium' ? 'Premium' : 'Professional'}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="plan-change__group">
          <legend className="field__label">{t.frequency}</legend>
          {(['month', 'year'] as const).map((value) => (
            <label className="check" key={value}>
              <input
                type="radio"
                name="frequenza"
                value={value}
                checked={interval === value}
                disabled={done}
                onChange={() => choose(() => setInterval(value))}
              />
              <span>{value === 'month' ? t.monthly : t.annual}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="plan-change__group">
          <legend className="field__label">Studio</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={studio}
              disabled={done}
              onChange={(event) => {
                const value = event.currentTarget.checked
                choose(() => setStudio(value))
              }}
            />
            <span>{t.studio}</span>
          </label>
        </fieldset>
      </div>
      {chosen && (
        <p className="plan-change__chosen" data-testid="piano-scelto">
          <strong>{chosen.name}</strong>{' '}
          <span className="muted">
            {billing.manage.priceOf(formatEuroCents(chosen.total), chosen.interval)}
            {chosen.productId === props.currentProductId ? ` · ${t.current}` : ''}
          </span>
        </p>
      )}
      {outcome && <FormAlert variant={outcome.variant}>{outcome.text}</FormAlert>}
      {preview && (
        <div className="plan-change__preview" data-testid="anteprima-cambio">
          <h3 className="plan-change__preview-title">{t.previewTitle}</h3>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t.line}</th>
                  <th scope="col" className="num">
                    {t.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.lines.map((line, index) => (
                  <tr key={index}>
                    <td>{line.description ?? ''}</td>
                    <td className="num">{formatEuroCents(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {upgrade ? (
            <>
              <p className="plan-change__due">
                {t.upgradeDue}:{' '}
                <strong data-testid="differenza">{formatEuroCents(preview.amountRemaining)}</strong>
              </p>
              <p className="muted">{t.upgradeNote}</p>
            </>
          ) : (
            <p className="muted">{t.downgradeNote(props.periodEnd ? formatDate(props.periodEnd) : '')}</p>
          )}
        </div>
      )}
      <div className="plan-change__actions">
        {preview ? (
          <button type="button" className="btn" disabled={busy !== null || done} onClick={confirm}>
            {busy === 'confirm' ? t.confirming : t.confirm}
          </button>
        ) : (
          <button type="button" className="btn" disabled={!chosen || busy !== null} onClick={calculate}>
            {busy === 'calculate' ? t.calculating : t.calculate}
          </button>
        )}
        {!done && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setOpen(props.open)
              setPreview(null)
              setOutcome(null)
            }}
          >
            {t.cancel}
          </button>
        )}
      </div>
    </div>
  )
}
