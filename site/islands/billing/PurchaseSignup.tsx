/**
 * /v2/registrati/{product}/{price}: step 1 of the purchase. The plan summary
 * (a change re-picks the product and updates the address and the social
 * buttons' return), the social buttons (the page's `children`), and the
 * e-mail form in two modes: sign-up ('Crea il tuo account': nome, cognome,
 * email, professione) or login (email, password, ricordami), switched by
 * 'Hai già un account?' / 'Non sei ancora iscritto?'. Both need the terms.
 * A new account gets its password by e-mail and goes on to the checkout; a
 * login whose account already has a subscription sees the notice instead.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from '../zod.ts'
import { accounts, billing } from '#modules/i18n'
import { FormAlert, PostForm, TextField } from '../FormParts.tsx'
import { loginFormSchema, signInFailureMessage, signupFieldOf, signupFormSchema } from '../account-client.ts'
import { billingApi, resultOf, segment } from '../api-client.ts'
import { postJson } from '../json-client.ts'
import { markNewSession } from '../session-flag.ts'
import SignupFields, { TermsCheck } from '../SignupFields.tsx'
import ExistingSubscriptionNotice from './ExistingSubscriptionNotice.tsx'
import PlanSummary from './PlanSummary.tsx'
import { useAccountFigures } from './account-figures.ts'
import PurchaseSteps from './PurchaseSteps.tsx'
import { purchasePath, type PlanOption } from './plans.ts'
import './billing.css'

const t = billing.signup

type Props = {
  options: PlanOption[]
  initial: PlanOption
  professions: { value: string; label: string }[]
  placeholderValue: string
  /** The signed-in account already has a subscription: the notice instead of the form. */
  existing?: boolean
  /** The social sign-in buttons (rendered by the page). */
  children?: ReactNode
}

/** Points the social buttons (and the page's address) at the chosen plan. */
function followPlan(option: PlanOption) {
  const checkout = purchasePath('checkout', option)
  window.history.replaceState(null, '', purchasePath('registrati', option))
  for (const element of document.querySelectorAll<HTMLElement>('social-sign-in')) {
    element.dataset.callback = checkout
    element.dataset.newUserCallback = `/registrati/setupsocial?returnUrl=${encodeURIComponent(checkout)}`
    element.dataset.errorCallback = purchasePath('registrati', option)
  }
}

export default function PurchaseSignup({
  options,
  initial,
  professions,
  placeholderValue,
  existing = false,
  children,
}: Props) {
  const [mode, setMode] = useState<'signup' | 'login'>('signup')
  const [hasSubscription, setHasSubscription] = useState(existing)
  // Signed in (an account with a subscription), the summary shows that account's figures.
  const {
    options: plans,
    selected,
    select: choose,
    launchOffer,
    pending,
  } = useAccountFigures(options, initial, hasSubscription)

  const select = (option: PlanOption) => {
    choose(option)
    followPlan(option)
  }

  return (
    <div className="purchase">
      <div className="purchase__head">
        <PurchaseSteps current={1} />
        <h1 className="purchase__title">{mode === 'signup' ? t.heading : t.loginHeading}</h1>
        <p className="purchase__lead">{mode === 'signup' ? t.lead : t.loginLead}</p>
      </div>
      <div className="purchase__body">
        <div className="purchase__aside">
          <PlanSummary
            options={plans}
            selected={selected}
            onSelect={select}
            launchOffer={launchOffer}
            pending={pending}
          />
        </div>
        <div className="purchase__main account-card purchase-card">
          {hasSubscription ? (
            <ExistingSubscriptionNotice />
          ) : (
            <>
              {children}
              {mode === 'signup' ? (
                <SignupMode
                  selected={selected}
                  professions={professions}
                  placeholderValue={placeholderValue}
                />
              ) : (
                <LoginMode selected={selected} onExisting={() => setHasSubscription(true)} />
              )}
              <p className="purchase-card__switch">
                {mode === 'signup' ? t.toLogin : t.toSignup}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setMode(mode === 'signup' ? 'login' : 'signup')}
                >
                  {mode === 'signup' ? t.loginLink : t.signupLink}
                </button>
              </p>
            </>
          )}
        </div>
      </div>
    </div>
  )
}

type SignupInput = z.input<typeof signupFormSchema>
type SignupOutput = z.output<typeof signupFormSchema>

function SignupMode({
  selected,
  professions,
  placeholderValue,
}: {
  selected: PlanOption
  professions: { value: string; label: string }[]
  placeholderValue: string
}) {
  const [failure, setFailure] = useState<ReactNode>(null)
  const [done, setDone] = useState(false)
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { nome: '', cognome: '', email: '', professione: placeholderValue, termini: false },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    const result = await resultOf(
      billingApi.user['purchase-signup'].$post({
        json: {
          nome: values.nome,
          cognome: values.cognome,
          email: values.email,
          professione: values.professione,
          productId: selected.productId,
          priceId: selected.priceId,
        },
      }),
    )
    if (result.ok) {
      setDone(true)
      markNewSession()
      window.location.assign(result.data.redirectTo)
      return
    }
    const named = signupFieldOf(result.field)
    if (result.status === 400 && named) {
      setError(named, { message: result.message ?? t.failed })
      return
    }
    if (result.status === 429) {
      setFailure(result.message ?? accounts.signup.tooManyRequests)
      return
    }
    setFailure(
      <>
        {t.failed}{' '}
        <a href={`/accedi?returnUrl=${encodeURIComponent(purchasePath('checkout', selected))}`}>
          {t.goToLogin}
        </a>
      </>,
    )
  })

  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {done && <FormAlert variant="success">{t.success}</FormAlert>}
      <SignupFields
        idPrefix="acquisto"
        register={register}
        errors={errors}
        professions={professions}
        placeholderValue={placeholderValue}
      />
      <button
        className="btn btn--block btn--lg"
        type="submit"
        disabled={!watch('termini') || isSubmitting || done}
      >
        {isSubmitting || done ? t.submitting : t.submitSignup}
      </button>
    </PostForm>
  )
}

const loginWithTermsSchema = loginFormSchema.extend({
  termini: z.boolean().refine((value) => value, accounts.signup.termsRequired),
})
type LoginInput = z.input<typeof loginWithTermsSchema>
type LoginOutput = z.output<typeof loginWithTermsSchema>

function LoginMode({ selected, onExisting }: { selected: PlanOption; onExisting: () => void }) {
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginWithTermsSchema),
    defaultValues: { email: '', password: '', ricordami: true, termini: false },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    const login = await postJson('/api/auth/sign-in/email', {
      email: values.email,
      password: values.password,
      rememberMe: values.ricordami,
    })
    if (!login.ok) {
      setFailure(signInFailureMessage(login, t.loginFailed))
      return
    }
    markNewSession()
    // An account with a subscription already: the notice, not a second purchase (§4).
    const found = await resultOf(
      billingApi.stripe.subscription.byemail[':mail'].$get({ param: { mail: segment(values.email) } }),
    )
    const answer = found.ok ? found.data : null
    if (
      answer?.subscription &&
      ['active', 'trialing', 'past_due', 'unpaid'].includes(answer.subscription.status)
    ) {
      onExisting()
      return
    }
    setDone(true)
    window.location.assign(purchasePath('checkout', selected))
  })

  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {done && <FormAlert variant="success">{t.success}</FormAlert>}
      <TextField
        id="acquisto-accesso-email"
        label={accounts.fields.email}
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="username"
        {...register('email')}
      />
      <TextField
        id="acquisto-accesso-password"
        label={accounts.fields.password}
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...register('password')}
      />
      <label className="check">
        <input type="checkbox" {...register('ricordami')} />
        <span>{accounts.login.rememberMe}</span>
      </label>
      <TermsCheck field={register('termini')} />
      <button
        className="btn btn--block btn--lg"
        type="submit"
        disabled={!watch('termini') || isSubmitting || done}
      >
        {isSubmitting || done ? t.submitting : t.submitLogin}
      </button>
    </PostForm>
  )
}
