/**
 * The one card entry of the portal, for the checkout (confirms the first
 * payment) and for the card replacement (creates a payment method): the card
 * holder's name, then the card. With real Stripe keys, Stripe Elements
 * (number, expiry and CVC in Stripe's secure fields); `@stripe/stripe-js` is
 * imported only then, when the entry is shown, never on import (importing it
 * injects Stripe.js, which the site's policy refuses in embedded mode). With
 * the emulator, the 'Modalità di prova' form (`test-cards.ts`), whose card —
 * number, expiry and CVC as typed — goes to the emulator as Stripe.js sends it
 * to Stripe, with the publishable key: in the payment's confirmation
 * (`payment_method_data[card]`, with the client secret) or as a new payment
 * method (`POST /v1/payment_methods`). A refusal comes back with Stripe's codes,
 * told in Italian (`cardRefusal`). The parent checks, confirms or creates the
 * payment method through the ref.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react'
import type { Stripe, StripeCardNumberElement } from '@stripe/stripe-js'
import { billing, cardRefusal } from '#modules/i18n'
import { FieldError, FormAlert, Icon, TextField } from '../FormParts.tsx'
import {
  cardFields,
  checkTestCard,
  formatCardNumber,
  formatExpiry,
  type TestCardProblems,
} from './test-cards.ts'
import './billing.css'

const t = billing.checkout

export type CardConfirmResult =
  | { status: 'succeeded'; paymentIntentId: string; paymentMethodId: string | null }
  | { status: 'requires_action'; url: string }
  /** Another checkout of the account replaced this one: its payment can no longer be made. */
  | { status: 'replaced' }
  /** Refused: the Italian reason of Stripe's decline code, or null for a generic refusal. */
  | { status: 'failed'; refusal: string | null }

/** A new payment method for the card, or the Italian reason it was refused (null: generic). */
export type CardCreateResult = { paymentMethodId: string } | { refusal: string | null }

export type CardEntryHandle = {
  /** Shows what is missing; false when the card cannot be used yet. */
  check(): boolean
  /** Confirms the payment of `clientSecret`; a bank's challenge comes back to `returnUrl`. */
  confirm(clientSecret: string, returnUrl: string): Promise<CardConfirmResult>
  /** A payment method for the card (to attach to the customer), or why Stripe refuses it. */
  createPaymentMethod(): Promise<CardCreateResult>
}

export type PaymentConfig = { testMode: boolean; publishableKey: string }

type Props = PaymentConfig & {
  disabled: boolean
  ref: Ref<CardEntryHandle>
  /** The section's title ('Pagamento con carta' by default). */
  legend?: string
}

/** The emulator's endpoint for the browser (Stripe's path under /dev/stripe). */
const EMULATOR_API = '/dev/stripe/v1'

type EmulatorIntent = {
  id: string
  status: string
  payment_method: string | null
  next_action?: { redirect_to_url?: { url: string } } | null
  last_payment_error?: { code?: string; decline_code?: string } | null
}

type StripeRefusal = {
  error?: { code?: string; decline_code?: string; payment_intent?: { status?: string } }
}

const failed = (error?: StripeRefusal['error'] | null): CardConfirmResult => ({
  status: 'failed',
  refusal: cardRefusal(error),
})

/** A call to the emulator with the publishable key, as Stripe.js makes it. */
function callEmulator(config: PaymentConfig, path: string, body: Record<string, string>) {
  return fetch(`${EMULATOR_API}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${config.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(body).toString(),
  })
}

/** Stripe's refusal to confirm a payment intent that was canceled (its invoice voided by a newer checkout). */
function isReplaced(error: StripeRefusal['error'] | undefined): boolean {
  return error?.code === 'payment_intent_unexpected_state' && error.payment_intent?.status === 'canceled'
}

/** Confirms on the emulator as Stripe.js does: publishable key, client secret, the typed card. */
async function confirmOnEmulator(
  config: PaymentConfig,
  clientSecret: string,
  body: Record<string, string>,
): Promise<CardConfirmResult> {
  const intentId = clientSecret.split('_secret_')[0] ?? ''
  let response: Response
  try {
    response = await callEmulator(config, `/payment_intents/${encodeURIComponent(intentId)}/confirm`, {
      client_secret: clientSecret,
      ...body,
    })
  } catch {
    return failed()
  }
  if (!response.ok) {
    const refusal = (await response.json().catch(() => null)) as StripeRefusal | null
    return isReplaced(refusal?.error) ? { status: 'replaced' } : failed(refusal?.error)
  }
  const intent = (await response.json()) as EmulatorIntent
  if (intent.status === 'succeeded')
    return { status: 'succeeded', paymentIntentId: intent.id, paymentMethodId: intent.payment_method }
  const url = intent.next_action?.redirect_to_url?.url
  if (intent.status === 'requires_action' && url) return { status: 'requires_action', url }
  return failed()
}

/** A payment method for the typed card on the emulator (Stripe.js's createPaymentMethod). */
async function createOnEmulator(
  config: PaymentConfig,
  body: Record<string, string>,
): Promise<CardCreateResult> {
  let response: Response
  try {
    response = await callEmulator(config, '/payment_methods', body)
  } catch {
    return { refusal: null }
  }
  const answer = (await response.json().catch(() => null)) as ({ id?: string } & StripeRefusal) | null
  return response.ok && answer?.id ? { paymentMethodId: answer.id } : { refusal: cardRefusal(answer?.error) }
}

/** A payment intent read back after the bank's challenge: its card becomes the default, or why it failed. */
export async function retrievePaymentIntent(
  config: PaymentConfig,
  intentId: string,
  clientSecret: string,
): Promise<{ status: string; paymentMethodId: string | null; refusal: string | null } | null> {
  if (config.testMode) {
    const response = await fetch(
      `${EMULATOR_API}/payment_intents/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`,
      { headers: { authorization: `Bearer ${config.publishableKey}` } },
    )
    if (!response.ok) return null
    const intent = (await response.json()) as EmulatorIntent
    return {
      status: intent.status,
      paymentMethodId: intent.payment_method,
      refusal: cardRefusal(intent.last_payment_error),
    }
  }
  const { loadStripe } = await import('@stripe/stripe-js')
  const stripe = await loadStripe(config.publishableKey)
  const result = await stripe?.retrievePaymentIntent(clientSecret)
  const intent = result?.paymentIntent
  if (!intent) return null
  const method = intent.payment_method
  return {
    status: intent.status,
    paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
    refusal: cardRefusal(intent.last_payment_error),
  }
}

export default function CardEntry({
  testMode,
  publishableKey,
  disabled,
  ref,
  legend = t.cardSection,
}: Props) {
  const id = useId()
  const [holder, setHolder] = useState('')
  const [holderError, setHolderError] = useState<string | undefined>()
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' })
  const [problems, setProblems] = useState<TestCardProblems>({})
  const [stripeError, setStripeError] = useState<string | null>(null)
  const stripe = useRef<{ stripe: Stripe; number: StripeCardNumberElement } | null>(null)
  const complete = useRef({ cardNumber: false, cardExpiry: false, cardCvc: false })
  const numberHost = useRef<HTMLDivElement>(null)
  const expiryHost = useRef<HTMLDivElement>(null)
  const cvcHost = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (testMode) return
    let cancelled = false
    let unmount = () => undefined as void
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js')
        const loaded = await loadStripe(publishableKey, { locale: 'it' })
        if (!loaded || cancelled) return
        const elements = loaded.elements({ locale: 'it' })
        const style = { base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#6b7280' } } }
        const number = elements.create('cardNumber', { style, showIcon: true })
        const expiry = elements.create('cardExpiry', { style })
        const cvc = elements.create('cardCvc', { style })
        const onChange = (event: {
          elementType: string
          complete: boolean
          error?: { message?: string } | undefined
        }) => {
          complete.current[event.elementType as keyof typeof complete.current] = event.complete
          setStripeError(event.error?.message ?? null)
        }
        number.on('change', onChange)
        expiry.on('change', onChange)
        cvc.on('change', onChange)
        if (numberHost.current) number.mount(numberHost.current)
        if (expiryHost.current) expiry.mount(expiryHost.current)
        if (cvcHost.current) cvc.mount(cvcHost.current)
        number.on('ready', () => {
          stripe.current = { stripe: loaded, number }
        })
        unmount = () => {
          number.destroy()
          expiry.destroy()
          cvc.destroy()
          stripe.current = null
        }
      } catch {
        if (!cancelled) setStripeError(t.cardLoadFailed)
      }
    })()
    return () => {
      cancelled = true
      unmount()
    }
  }, [testMode, publishableKey])

  useImperativeHandle(
    ref,
    () => ({
      check() {
        const holderOk = holder.trim().length > 0
        setHolderError(holderOk ? undefined : t.cardHolderRequired)
        if (testMode) {
          const result = checkTestCard(card)
          setProblems(result.problems ?? {})
          return holderOk && result.card !== null
        }
        const ready = stripe.current !== null
        const filled = Object.values(complete.current).every(Boolean)
        if (!ready) setStripeError(t.cardNotReady)
        else if (!filled) setStripeError(t.cardNumberInvalid)
        return holderOk && ready && filled
      },
      async confirm(clientSecret, returnUrl) {
        if (testMode) {
          const typed = checkTestCard(card).card
          if (!typed) return failed()
          return confirmOnEmulator({ testMode, publishableKey }, clientSecret, {
            'payment_method_data[type]': 'card',
            ...cardFields(typed, 'payment_method_data[card]'),
            'payment_method_data[billing_details][name]': holder.trim(),
            return_url: returnUrl,
          })
        }
        const current = stripe.current
        if (!current) return failed()
        // Stripe.js shows the bank's challenge itself, in a frame on this page.
        const { error, paymentIntent } = await current.stripe.confirmCardPayment(clientSecret, {
          payment_method: { card: current.number, billing_details: { name: holder.trim() } },
        })
        if (isReplaced(error)) return { status: 'replaced' }
        if (error || paymentIntent.status !== 'succeeded') return failed(error)
        const method = paymentIntent.payment_method
        return {
          status: 'succeeded',
          paymentIntentId: paymentIntent.id,
          paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
        }
      },
      async createPaymentMethod() {
        if (testMode) {
          const typed = checkTestCard(card).card
          if (!typed) return { refusal: null }
          return createOnEmulator(
            { testMode, publishableKey },
            {
              type: 'card',
              ...cardFields(typed),
              'billing_details[name]': holder.trim(),
            },
          )
        }
        const current = stripe.current
        if (!current) return { refusal: null }
        const created = await current.stripe.createPaymentMethod({
          type: 'card',
          card: current.number,
          billing_details: { name: holder.trim() },
        })
        return created.error
          ? { refusal: cardRefusal(created.error) }
          : { paymentMethodId: created.paymentMethod.id }
      },
    }),
    [card, holder, testMode, publishableKey],
  )

  return (
    <fieldset className="billing-form__section card-entry">
      <legend className="billing-form__legend">{legend}</legend>
      <p className="card-entry__brands">
        <Icon name="lock" size={18} />
        <span>{testMode ? t.brands : `${t.secure} ${t.brands}`}</span>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-titolare`}>
          {t.cardHolder}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          className="input"
          id={`${id}-titolare`}
          type="text"
          autoComplete="cc-name"
          value={holder}
          disabled={disabled}
          aria-invalid={holderError ? 'true' : undefined}
          aria-describedby={holderError ? `${id}-titolare-errore` : undefined}
          onChange={(event) => setHolder(event.target.value)}
        />
        <FieldError id={`${id}-titolare-errore`} message={holderError} />
      </div>
      {testMode ? (
        <div className="card-entry__test" data-test-card-form>
          <p className="card-entry__badge">
            <strong>{t.testMode}</strong>
          </p>
          <p className="field__hint">{t.testModeLead}</p>
          <details className="card-entry__cards">
            <summary>{t.testCardsSummary}</summary>
            <ul>
              {t.testCards.map(([number, outcome]) => (
                <li key={number}>
                  <code>{number}</code> {outcome}
                </li>
              ))}
            </ul>
          </details>
          <TextField
            id={`${id}-number`}
            label={t.cardNumber}
            error={problems.number}
            className="card-entry__number"
            disabled={disabled}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
          />
          <div className="billing-form__row">
            <TextField
              id={`${id}-expiry`}
              label={t.cardExpiry}
              error={problems.expiry}
              disabled={disabled}
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              value={card.expiry}
              onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
            />
            <TextField
              id={`${id}-cvc`}
              label={t.cardCvc}
              error={problems.cvc}
              disabled={disabled}
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={card.cvc}
              onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '') })}
            />
          </div>
        </div>
      ) : (
        <div className="card-entry__stripe">
          <div className="field">
            <span className="field__label">{t.cardNumber}</span>
            <div className="input card-entry__element" ref={numberHost} />
          </div>
          <div className="billing-form__row">
            <div className="field">
              <span className="field__label">{t.cardExpiry}</span>
              <div className="input card-entry__element" ref={expiryHost} />
            </div>
            <div className="field">
              <span className="field__label">{t.cardCvc}</span>
              <div className="input card-entry__element" ref={cvcHost} />
            </div>
          </div>
          {stripeError && <FormAlert variant="danger">{stripeError}</FormAlert>}
        </div>
      )}
    </fieldset>
  )
}
