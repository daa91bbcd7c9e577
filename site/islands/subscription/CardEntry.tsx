/**
 * Card entry for a new card. On the Stripe emulator it is the 'Modalità di
 * prova' form, whose test card numbers stand for Stripe's test tokens; the
 * card becomes a payment method when the portal attaches it. `onPaymentMethod`
 * receives the payment method and answers whether it was saved.
 */
import { useId, useState, type FormEvent } from 'react'
import { it } from '../../../modules/i18n/index.ts'
import { FieldError } from '../FormParts.tsx'
import { testCardToken, validExpiry } from './test-cards.ts'

const t = it.billing.manage.card

type Props = {
  testMode: boolean
  publishableKey: string
  submitLabel: string
  submittingLabel: string
  cancelLabel: string
  onPaymentMethod: (paymentMethodId: string) => Promise<boolean>
  onError: () => void
  onCancel: () => void
}

type Errors = Partial<Record<'holder' | 'number' | 'expiry' | 'cvc', string>>

export default function CardEntry(props: Props) {
  const id = useId()
  const [values, setValues] = useState({ holder: '', number: '', expiry: '', cvc: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const field = (name: keyof typeof values) => ({
    id: `${id}-${name}`,
    value: values[name],
    'aria-invalid': errors[name] ? ('true' as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-errore` : undefined,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value
      setValues((current) => ({ ...current, [name]: value }))
    },
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const token = testCardToken(values.number)
    const found: Errors = {}
    if (!values.holder.trim()) found.holder = t.holderRequired
    if (!token) found.number = t.numberInvalid
    if (!validExpiry(values.expiry)) found.expiry = t.expiryInvalid
    const amex = token === 'pm_card_amex'
    if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(values.cvc.trim())) found.cvc = t.cvcInvalid
    setErrors(found)
    if (Object.keys(found).length > 0 || !token) return
    setBusy(true)
    const saved = await props.onPaymentMethod(token)
    setBusy(false)
    if (!saved) props.onError()
  }

  if (!props.testMode) return <TestModeOnly />

  return (
    <form className="account-form card-entry" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="card-entry__mode">
        <span className="badge badge--warning">{t.testMode}</span>
        <small className="muted">{t.testModeHint}</small>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-holder`}>
          {t.holder}
        </label>
        <input className="input" type="text" autoComplete="cc-name" maxLength={120} {...field('holder')} />
        <FieldError id={`${id}-holder-errore`} message={errors.holder} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-number`}>
          {t.number}
        </label>
        <input
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          {...field('number')}
        />
        <FieldError id={`${id}-number-errore`} message={errors.number} />
      </div>
      <div className="card-entry__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-expiry`}>
            {t.expiry}
          </label>
          <input
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={7}
            {...field('expiry')}
          />
          <FieldError id={`${id}-expiry-errore`} message={errors.expiry} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-cvc`}>
            {t.cvc}
          </label>
          <input
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...field('cvc')}
          />
          <FieldError id={`${id}-cvc-errore`} message={errors.cvc} />
        </div>
      </div>
      <div className="profile-form__actions">
        <button className="btn" type="submit" disabled={busy}>
          {busy ? props.submittingLabel : props.submitLabel}
        </button>
        <button type="button" className="btn btn--ghost" onClick={props.onCancel} disabled={busy}>
          {props.cancelLabel}
        </button>
      </div>
    </form>
  )
}

function TestModeOnly() {
  return <p className="muted">{t.notReady}</p>
}
