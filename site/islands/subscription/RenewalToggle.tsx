/**
 * Auto-renewal on/off (§4): switching off is offered while Stripe's
 * `canceled_at` is empty, switching on while it is set; either needs the
 * confirmation checkbox ticked first. The page reloads with the new state.
 */
import { useState } from 'react'
import { billing } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'
import { subscriptionCalls, reloadSoon } from './subscription-client.ts'

const t = billing.manage.renewal

type Props = { subscriptionId: string; canceledAt: string | null }

export default function RenewalToggle({ subscriptionId, canceledAt }: Props) {
  const switchingOn = canceledAt !== null
  const [confirmed, setConfirmed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null)

  async function flip() {
    setBusy(true)
    setOutcome(null)
    const result = await subscriptionCalls.flipRenewal(subscriptionId)
    if (result.ok) {
      setOutcome('done')
      reloadSoon()
      return
    }
    setBusy(false)
    setOutcome('failed')
  }

  return (
    <div className="renewal-toggle">
      {outcome === 'done' && <FormAlert variant="success">{switchingOn ? t.doneOn : t.doneOff}</FormAlert>}
      {outcome === 'failed' && <FormAlert variant="danger">{t.failed}</FormAlert>}
      <label className="check renewal-toggle__confirm">
        <input
          type="checkbox"
          checked={confirmed}
          disabled={busy || outcome === 'done'}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
        <span>{switchingOn ? t.confirmOn : t.confirmOff}</span>
      </label>
      <button
        type="button"
        className={switchingOn ? 'btn' : 'btn btn--secondary'}
        disabled={!confirmed || busy || outcome === 'done'}
        onClick={flip}
      >
        {busy ? t.working : switchingOn ? t.switchOn : t.switchOff}
      </button>
    </div>
  )
}
