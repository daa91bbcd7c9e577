/**
 * /v2/checkout/{product}/{price}: step 2 of the purchase. Plan summary on
 * the left (a change re-picks the product and the address), on the right the
 * billing data (`BillingDetailsForm`), the profession, the card and the two
 * acceptances (terms; arts. 1341-1342). Paying: processing modal, customer,
 * subscription (`default_incomplete`, client secret), card confirmation; on
 * success the card becomes the default, the mirror is re-synced, the
 * confirmation mail is asked for, the success text shows and the browser goes
 * to /profilo after 4 seconds. A refused card or a failed challenge shows the
 * payment-failed alert, or the bank's reason when Stripe gives one
 * (insufficient funds, expired card, wrong CVC, failed 3-D Secure). A chemical-pharmaceutical company is not sold online:
 * the not-eligible modal and mail, nothing charged. An account whose address
 * is not confirmed sees the request to confirm it instead of the payment
 * step, which appears by itself once the mail's link has been opened.
 */
import { useEffect, useRef, useState } from 'react'
import { accounts, billing as billingText, common, formatEuroCents } from '#modules/i18n'
import { FieldError, FormAlert } from '../FormParts.tsx'
import { billingApi, resultOf, segment } from '../api-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'
import AddressConfirmation from '../AddressConfirmation.tsx'
import BillingDetailsForm, { type BillingSubmitOutcome } from './BillingDetailsForm.tsx'
import CardEntry, { retrievePaymentIntent, type CardEntryHandle, type PaymentConfig } from './CardEntry.tsx'
import CheckoutDialog from './CheckoutDialog.tsx'
import ExistingSubscriptionNotice from './ExistingSubscriptionNotice.tsx'
import PlanSummary from './PlanSummary.tsx'
import { useAccountFigures } from './account-figures.ts'
import { useCheckoutPreview } from './checkout-preview.ts'
import PurchaseSteps from './PurchaseSteps.tsx'
import {
  billingFormFromCustomer,
  customerCreateBody,
  type ApiCustomer,
  type BillingFormValues,
} from './billing-form.ts'
import { purchasePath, type PlanOption } from './plans.ts'
import './billing.css'

const t = billingText.checkout
const errors = billingText.errors

/** §9: the success text stays 4 seconds, the terms notice 10 seconds. */
export const REDIRECT_AFTER_MS = 4_000
export const TERMS_NOTICE_MS = 10_000
/** Where the browser goes after a successful payment. */
const AFTER_PAYMENT = '/profilo'
/** sessionStorage: the checkout waiting for the bank's challenge. */
const PENDING_KEY = 'bancadati:checkout'

type Props = {
  options: PlanOption[]
  initial: PlanOption
  professions: { value: string; label: string }[]
  placeholderValue: string
  notEligibleProfession: string
  email: string
  displayName: string
  payment: PaymentConfig
  /** The account already has a subscription: the notice instead of the form. */
  existing?: boolean
  /** The account's address is confirmed (otherwise the request to confirm it instead of the form). */
  addressConfirmed: boolean
}

type Pending = { customerId: string; subscriptionId: string; planName: string }

/** The account's Stripe customer (its saved billing data), or null. */
async function ownCustomer(email: string): Promise<ApiCustomer | null> {
  const result = await resultOf(
    billingApi.stripe.customer.byemail[':mail'].$get({ param: { mail: segment(email) } }),
  )
  if (result.status === 401) sessionEnded()
  return result.ok ? result.data : null
}

export default function Checkout(props: Props) {
  const {
    options,
    initial,
    professions,
    placeholderValue,
    notEligibleProfession,
    email,
    displayName,
    payment,
  } = props
  // The summary's figures are the account's: a returning customer pays the full price (no launch offer).
  const {
    options: plans,
    selected,
    select: choose,
    launchOffer,
    pending,
  } = useAccountFigures(options, initial, true)
  // The summary's net, VAT and total are Stripe's invoice preview for this account and price.
  const preview = useCheckoutPreview(selected.priceId)
  const [billing, setBilling] = useState<BillingFormValues | null>(null)
  const [profession, setProfession] = useState(placeholderValue)
  const [professionError, setProfessionError] = useState<string | undefined>()
  const [terms, setTerms] = useState(false)
  const [clauses, setClauses] = useState(false)
  const [termsNotice, setTermsNotice] = useState(false)
  const [processing, setProcessing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [existing, setExisting] = useState(props.existing ?? false)
  const [addressConfirmed, setAddressConfirmed] = useState(props.addressConfirmed)
  const [succeeded, setSucceeded] = useState(false)
  const [notEligible, setNotEligible] = useState(false)
  const card = useRef<CardEntryHandle>(null)
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const accepted = terms && clauses

  const select = (option: PlanOption) => {
    choose(option)
    window.history.replaceState(null, '', purchasePath('checkout', option))
  }

  /** After a successful payment: default card, mirror in sync, confirmation mail, then the profile. */
  const finish = async (pending: Pending, paymentMethodId: string | null) => {
    setProcessing(true)
    try {
      if (paymentMethodId)
        await resultOf(
          billingApi.stripe.paymentmethods.setdefaultpaymentmethod[':customerId'].$post({
            param: { customerId: segment(pending.customerId) },
            json: { paymentMethodId },
          }),
        )
      // The webhook may be slower than the browser: re-sync the account's subscription now.
      await resultOf(
        billingApi.stripe.subscription.refresh[':id'].$post({
          param: { id: segment(pending.subscriptionId) },
        }),
      )
      await resultOf(
        billingApi.user.sendsubscriptionemail.$post({
          json: { email, nome: displayName, abbonamento: pending.planName },
        }),
      )
    } finally {
      sessionStorage.removeItem(PENDING_KEY)
      setProcessing(false)
      setSucceeded(true)
      setTimeout(() => window.location.assign(AFTER_PAYMENT), REDIRECT_AFTER_MS)
    }
  }

  // Billing data saved by an earlier attempt fill the form; back from the bank's challenge, the outcome.
  useEffect(() => {
    const url = new URL(window.location.href)
    const intentId = url.searchParams.get('payment_intent')
    const secret = url.searchParams.get('payment_intent_client_secret')
    const status = url.searchParams.get('redirect_status')
    if (intentId) {
      for (const key of ['payment_intent', 'payment_intent_client_secret', 'redirect_status'])
        url.searchParams.delete(key)
      window.history.replaceState(null, '', url.pathname + url.search)
    }
    void (async () => {
      const customer = await ownCustomer(email)
      setBilling(billingFormFromCustomer(customer))
      const saved = customer?.metadata.professione
      if (saved) setProfession(saved)
      if (!intentId || !secret) return
      const stored = sessionStorage.getItem(PENDING_KEY)
      const pending = stored ? (JSON.parse(stored) as Pending) : null
      setProcessing(true)
      const intent = await retrievePaymentIntent(payment, intentId, secret).catch(() => null)
      if (status !== 'succeeded' || !pending || intent?.status !== 'succeeded') {
        sessionStorage.removeItem(PENDING_KEY)
        setProcessing(false)
        setFailure(intent?.refusal ?? errors.paymentFailed)
        return
      }
      await finish(pending, intent.paymentMethodId)
    })()
    // Runs once, when the page opens.
  }, [])

  useEffect(
    () => () => {
      if (noticeTimer.current) clearTimeout(noticeTimer.current)
    },
    [],
  )

  const showTermsNotice = () => {
    setTermsNotice(true)
    if (noticeTimer.current) clearTimeout(noticeTimer.current)
    noticeTimer.current = setTimeout(() => setTermsNotice(false), TERMS_NOTICE_MS)
  }

  /** A box ticked or unticked: unticking one says at once why 'Paga' is now disabled. */
  const acceptance = (set: (checked: boolean) => void, checked: boolean) => {
    set(checked)
    if (!checked) showTermsNotice()
  }

  useEffect(() => {
    if (accepted) setTermsNotice(false)
  }, [accepted])

  const checkExtra = () => {
    const professionOk = profession !== placeholderValue
    setProfessionError(professionOk ? undefined : errors.profession)
    const cardOk = card.current?.check() ?? false
    return professionOk && cardOk
  }

  const sendNotEligible = async (values: BillingFormValues) => {
    await resultOf(
      billingApi.user.sendNotEligibleSubscriptionMail.$post({
        json: {
          nome: values.name,
          ragioneSociale: values.name,
          email,
          citta: values.city,
          cap: values.zipCode,
          provincia: values.province,
          indirizzo: values.address,
          telefono: values.phone,
          codiceFiscale: values.fiscalCode,
          professione: accounts.profession.labels[profession as keyof typeof accounts.profession.labels],
          codiceUnivoco: values.uniqueCode,
          pec: values.pec,
          priceId: selected.priceId,
        },
      }),
    )
    setNotEligible(true)
  }

  const pay = async (values: BillingFormValues): Promise<BillingSubmitOutcome> => {
    setFailure(null)
    setProcessing(true)
    try {
      if (profession === notEligibleProfession) {
        await sendNotEligible(values)
        return
      }
      const customer = await resultOf(
        billingApi.stripe.customer.create.$post({
          json: customerCreateBody(values, { profession, termsCheck: terms, additionalTermsCheck: clauses }),
        }),
      )
      if (!customer.ok) {
        if (customer.status === 401) sessionEnded()
        if (customer.status === 403 && customer.message === errors.notEligible) {
          await sendNotEligible(values)
          return
        }
        if (customer.status === 400 && customer.field === 'professione')
          setProfessionError(customer.message ?? errors.profession)
        else if (customer.status === 400 && customer.field)
          return { field: customer.field, error: customer.message }
        else setFailure(customer.message ?? errors.paymentFailed)
        return
      }
      const subscription = await resultOf(
        billingApi.stripe.subscription.create.$post({
          json: { priceId: selected.priceId, customerId: customer.data.id },
        }),
      )
      if (!subscription.ok || !subscription.data.clientSecret) {
        if (subscription.status === 409) setExisting(true)
        else
          setFailure(subscription.ok ? errors.paymentFailed : (subscription.message ?? errors.paymentFailed))
        return
      }
      const pending: Pending = {
        customerId: customer.data.id,
        subscriptionId: subscription.data.subscriptionId,
        planName: selected.name,
      }
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending))
      const returnUrl = new URL(purchasePath('checkout', selected), window.location.origin).toString()
      const result = await card.current?.confirm(subscription.data.clientSecret, returnUrl)
      if (result?.status === 'requires_action') {
        // The bank's challenge page; it comes back here with the outcome (processing stays on meanwhile).
        window.location.assign(result.url)
        await new Promise(() => undefined)
        return
      }
      if (result?.status !== 'succeeded') {
        sessionStorage.removeItem(PENDING_KEY)
        setFailure(
          result?.status === 'replaced'
            ? errors.checkoutReplaced
            : ((result?.status === 'failed' ? result.refusal : null) ?? errors.paymentFailed),
        )
        return
      }
      await finish(pending, result.paymentMethodId)
    } catch {
      setFailure(errors.paymentFailed)
    } finally {
      setProcessing(false)
    }
  }

  const total = formatEuroCents(
    preview.status === 'ready' ? preview.preview.total : selected.figures.firstPeriod.total,
  )
  const step = succeeded ? 3 : 2

  return (
    <div className="purchase">
      <div className="purchase__head">
        <PurchaseSteps current={step} />
        <h1 className="purchase__title">{t.heading}</h1>
        <p className="purchase__lead">
          {t.lead} <span className="purchase__who">{t.signedInAs(email)}</span>
        </p>
      </div>
      <div className="purchase__body">
        <div className="purchase__aside">
          <PlanSummary
            options={plans}
            selected={selected}
            onSelect={select}
            locked={processing || succeeded}
            launchOffer={launchOffer}
            pending={pending}
            preview={preview}
          />
        </div>
        <div className="purchase__main account-card purchase-card">
          {existing ? (
            <ExistingSubscriptionNotice />
          ) : succeeded ? (
            <FormAlert variant="success">{t.succeeded}</FormAlert>
          ) : !addressConfirmed ? (
            <AddressConfirmation
              email={email}
              variant="checkout"
              onConfirmed={() => setAddressConfirmed(true)}
            />
          ) : billing === null || pending ? (
            <p className="purchase-card__loading" aria-busy="true">
              {common.loading}
            </p>
          ) : (
            <>
              {failure && <FormAlert variant="danger">{failure}</FormAlert>}
              <BillingDetailsForm
                initialValues={billing}
                onSubmit={pay}
                submitLabel={t.pay(total)}
                submittingLabel={t.processing}
                checkExtra={checkExtra}
                blocked={!accepted}
                onBlocked={showTermsNotice}
                busy={processing}
              >
                <fieldset className="billing-form__section">
                  <legend className="billing-form__legend">{t.professionSection}</legend>
                  <div className="field">
                    <label className="field__label" htmlFor="checkout-professione">
                      {billingText.form.profession}
                      <span className="field__required" aria-hidden="true">
                        {' '}
                        *
                      </span>
                    </label>
                    <select
                      className="select"
                      id="checkout-professione"
                      value={profession}
                      aria-invalid={professionError ? 'true' : undefined}
                      aria-describedby={professionError ? 'checkout-professione-errore' : undefined}
                      onChange={(event) => {
                        setProfession(event.target.value)
                        setProfessionError(undefined)
                      }}
                    >
                      <option value={placeholderValue}>{accounts.profession.placeholder}</option>
                      {professions.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <FieldError id="checkout-professione-errore" message={professionError} />
                  </div>
                </fieldset>
                <CardEntry
                  ref={card}
                  testMode={payment.testMode}
                  publishableKey={payment.publishableKey}
                  disabled={processing}
                />
                <div className="checkout-terms">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={terms}
                      onChange={(event) => acceptance(setTerms, event.target.checked)}
                    />
                    <span>
                      {t.termsBefore}
                      <a href="/termini-e-condizioni" target="_blank" rel="noopener">
                        {t.termsLink}
                      </a>
                      {t.termsBetween}
                      <a href="/privacy-policy" target="_blank" rel="noopener">
                        {t.privacyLink}
                      </a>
                      {t.termsAfter}
                    </span>
                  </label>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={clauses}
                      onChange={(event) => acceptance(setClauses, event.target.checked)}
                    />
                    <span>{t.clauses}</span>
                  </label>
                  {termsNotice && <FormAlert variant="warning">{errors.terms}</FormAlert>}
                </div>
              </BillingDetailsForm>
            </>
          )}
        </div>
      </div>
      <CheckoutDialog open={processing} title={t.processingTitle}>
        <p className="checkout-dialog__processing">
          <span className="spinner" aria-hidden="true" />
          {t.processingLead}
        </p>
      </CheckoutDialog>
      <CheckoutDialog
        open={notEligible}
        title={t.notEligibleTitle}
        role="alertdialog"
        actions={
          <button className="btn" type="button" onClick={() => window.location.assign('/')}>
            {t.ok}
          </button>
        }
      >
        <p>{errors.notEligible}</p>
      </CheckoutDialog>
    </div>
  )
}
