/**
 * Card entry for a new card: Stripe Elements' secure card field with real
 * keys; on the Stripe emulator the 'Modalità di prova' form, whose test card
 * numbers stand for Stripe's test tokens. `onPaymentMethod` receives the
 * payment method and answers whether it was saved.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js'
import { useEffect, useId, useRef, useState } from 'react'
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

  async function submit(event: { preventDefault: () => void }) {
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

  if (!props.testMode) return <ElementsCardEntry {...props} />

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

/** The card in Stripe's own secure field (Stripe Elements); the payment method is created by Stripe.js. */
function ElementsCardEntry(props: Props) {
  const id = useId()
  const mount = useRef<HTMLDivElement>(null)
  const stripe = useRef<Stripe | null>(null)
  const card = useRef<StripeCardElement | null>(null)
  const [ready, setReady] = useState(false)
  const [holder, setHolder] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let element: StripeCardElement | null = null
    let cancelled = false
    // Imported here, with real keys only: importing '@stripe/stripe-js' injects Stripe.js into the page.
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(props.publishableKey, { locale: 'it' }))
      .then((loaded) => {
        if (cancelled || !loaded || !mount.current) return
        stripe.current = loaded
        element = loaded.elements({ locale: 'it' }).create('card', { hidePostalCode: true })
        element.on('ready', () => setReady(true))
        element.on('change', (event) => setError(event.error?.message))
        element.mount(mount.current)
        card.current = element
      })
    return () => {
      cancelled = true
      element?.destroy()
    }
  }, [props.publishableKey])

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault()
    if (!holder.trim()) return setError(t.holderRequired)
    if (!ready || !stripe.current || !card.current) return setError(t.notReady)
    setBusy(true)
    const created = await stripe.current.createPaymentMethod({
      type: 'card',
      card: card.current,
      billing_details: { name: holder.trim() },
    })
    if (created.error || !created.paymentMethod) {
      setBusy(false)
      props.onError()
      return
    }
    const saved = await props.onPaymentMethod(created.paymentMethod.id)
    setBusy(false)
    if (!saved) props.onError()
  }

  return (
    <form className="account-form card-entry" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-holder`}>
          {t.holder}
        </label>
        <input
          className="input"
          id={`${id}-holder`}
          type="text"
          autoComplete="cc-name"
          maxLength={120}
          value={holder}
          onChange={(event) => setHolder(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <span className="field__label">{t.number}</span>
        <div className="input card-entry__elements" ref={mount} />
        <FieldError id={`${id}-errore`} message={error} />
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
