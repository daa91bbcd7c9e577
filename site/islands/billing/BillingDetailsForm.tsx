/**
 * The billing data form (§5): intestatario, Codice Fiscale / P.IVA (checksum,
 * upper case), phone, address, city, CAP, province from the ISTAT list and
 * country; optional PEC and codice univoco. For another country the tax id is
 * a VAT number and the province is free text. Used by the checkout (which adds
 * its own sections as children and the pay button's rules) and by the
 * profile's billing edit.
 *
 * `onSubmit` receives the checked values (see `billing-form.ts` for the API
 * bodies) and may answer a message or the field the server refused.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { ITALY, normalizeCountry, provinces } from '#modules/italian-identifiers'
import { accounts, billing } from '#modules/i18n'
import { FieldError, FormAlert, PostForm } from '../FormParts.tsx'
import './billing.css'
import {
  billingFormSchema,
  countryOptions,
  emptyBillingForm,
  formFieldOf,
  type BillingField,
  type BillingFormValues,
} from './billing-form.ts'

const t = billing.form

/** What a submit handler may answer: nothing (done), a message, or the field the server refused. */
export type BillingSubmitOutcome = { error?: string; field?: string } | void

type Props = {
  initialValues?: Partial<BillingFormValues> | undefined
  onSubmit: (values: BillingFormValues) => Promise<BillingSubmitOutcome>
  submitLabel?: string | undefined
  submittingLabel?: string | undefined
  /** Checks of the sections a page adds (run with the form's own, at every submit); false stops. */
  checkExtra?: (() => boolean) | undefined
  /** The button is disabled because of something the page asks first (e.g. unticked acceptances). */
  blocked?: boolean | undefined
  /** Explains `blocked`: called when the disabled button is pressed or Enter is pressed in a field. */
  onBlocked?: (() => void) | undefined
  /** The page is working on the submitted data: the button is disabled. */
  busy?: boolean | undefined
  /** Success notice shown above the button. */
  success?: string | null | undefined
  onCancel?: (() => void) | undefined
  cancelLabel?: string | undefined
  /** Sections rendered after the billing fields, before the button. */
  children?: ReactNode
}

export default function BillingDetailsForm({
  initialValues,
  onSubmit,
  submitLabel = t.save,
  submittingLabel = t.saving,
  checkExtra,
  blocked = false,
  onBlocked,
  busy = false,
  success,
  onCancel,
  cancelLabel = accounts.area.cancel,
  children,
}: Props) {
  const prefix = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const countries = useMemo(() => countryOptions(), [])
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BillingFormValues>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: { ...emptyBillingForm, ...initialValues },
    mode: 'onTouched',
  })
  const italian = normalizeCountry(watch('state')) === ITALY
  const working = busy || isSubmitting

  const submit = handleSubmit(
    async (values) => {
      if (checkExtra && !checkExtra()) return
      setFailure(null)
      const outcome = await onSubmit(values)
      if (!outcome) return
      const field = formFieldOf(outcome.field)
      if (field && outcome.error) setError(field, { message: outcome.error }, { shouldFocus: true })
      else if (outcome.error) setFailure(outcome.error)
    },
    () => {
      checkExtra?.()
    },
  )

  const id = (name: BillingField) => `${prefix}-${name}`
  const a11y = (name: BillingField, hint?: boolean) => {
    const described = [errors[name] ? `${id(name)}-errore` : null, hint ? `${id(name)}-aiuto` : null]
      .filter(Boolean)
      .join(' ')
    return {
      id: id(name),
      'aria-invalid': errors[name] ? ('true' as const) : undefined,
      'aria-describedby': described || undefined,
    }
  }
  const label = (name: BillingField, text: string, optional = false) => (
    <label className="field__label" htmlFor={id(name)}>
      {text}
      {!optional && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  )
  const hint = (name: BillingField, text: string) => (
    <p className="field__hint" id={`${id(name)}-aiuto`}>
      {text}
    </p>
  )
  const error = (name: BillingField) => (
    <FieldError id={`${id(name)}-errore`} message={errors[name]?.message} />
  )

  return (
    <PostForm
      className="billing-form"
      busy={working}
      onSubmit={(event) => {
        event.preventDefault()
        if (working) return
        if (blocked) return onBlocked?.()
        void submit(event)
      }}
      onKeyDown={(event) => {
        // A disabled submit button stops implicit submission silently: say why instead.
        const field = event.target as HTMLElement
        if (
          blocked &&
          event.key === 'Enter' &&
          field instanceof HTMLInputElement &&
          field.type !== 'checkbox'
        )
          onBlocked?.()
      }}
    >
      <fieldset className="billing-form__section">
        <legend className="billing-form__legend">{t.title}</legend>
        <div className="field">
          {label('name', t.name)}
          <input
            className="input"
            type="text"
            autoComplete="billing name"
            {...a11y('name', true)}
            {...register('name')}
          />
          {hint('name', t.nameHint)}
          {error('name')}
        </div>
        <div className="billing-form__row">
          <div className="field">
            {label('state', t.country)}
            <select
              className="select"
              autoComplete="billing country"
              {...a11y('state')}
              {...register('state')}
            >
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {error('state')}
          </div>
          <div className="field">
            {label('fiscalCode', italian ? t.fiscalCode : t.vatNumber)}
            <input
              className="input billing-form__upper"
              type="text"
              autoCapitalize="characters"
              spellCheck={false}
              {...a11y('fiscalCode', italian)}
              {...register('fiscalCode')}
            />
            {italian && hint('fiscalCode', t.fiscalCodeHint)}
            {error('fiscalCode')}
          </div>
        </div>
        <div className="field">
          {label('address', t.address)}
          <input
            className="input"
            type="text"
            autoComplete="billing street-address"
            {...a11y('address')}
            {...register('address')}
          />
          {error('address')}
        </div>
        <div className="billing-form__row billing-form__row--city">
          <div className="field">
            {label('city', t.city)}
            <input
              className="input"
              type="text"
              autoComplete="billing address-level2"
              {...a11y('city')}
              {...register('city')}
            />
            {error('city')}
          </div>
          <div className="field">
            {label('zipCode', t.zipCode)}
            <input
              className="input"
              type="text"
              inputMode={italian ? 'numeric' : 'text'}
              autoComplete="billing postal-code"
              maxLength={italian ? 5 : 12}
              {...a11y('zipCode')}
              {...register('zipCode')}
            />
            {error('zipCode')}
          </div>
          <div className="field">
            {label('province', italian ? t.province : t.provinceForeign)}
            <input
              className="input billing-form__upper"
              type="text"
              autoComplete={italian ? 'off' : 'billing address-level1'}
              list={italian ? `${prefix}-province` : undefined}
              {...a11y('province', italian)}
              {...register('province')}
            />
            {italian && (
              <datalist id={`${prefix}-province`}>
                {provinces.map((province) => (
                  <option key={province.code} value={province.code}>
                    {province.name}
                  </option>
                ))}
              </datalist>
            )}
            {italian && hint('province', t.provinceHint)}
            {error('province')}
          </div>
        </div>
        <div className="billing-form__row">
          <div className="field">
            {label('phone', t.phone)}
            <input
              className="input"
              type="tel"
              autoComplete="billing tel"
              {...a11y('phone')}
              {...register('phone')}
            />
            {error('phone')}
          </div>
          <div className="field">
            {label('pec', t.pec, true)}
            <input
              className="input"
              type="email"
              inputMode="email"
              autoComplete="off"
              {...a11y('pec')}
              {...register('pec')}
            />
            {error('pec')}
          </div>
        </div>
        <div className="field billing-form__narrow">
          {label('uniqueCode', t.uniqueCode, true)}
          <input
            className="input billing-form__upper"
            type="text"
            maxLength={7}
            autoCapitalize="characters"
            spellCheck={false}
            {...a11y('uniqueCode', true)}
            {...register('uniqueCode')}
          />
          {hint('uniqueCode', t.uniqueCodeHint)}
          {error('uniqueCode')}
        </div>
      </fieldset>
      {children}
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {success && <FormAlert variant="success">{success}</FormAlert>}
      <div className="billing-form__actions">
        {/* A disabled button gets no click, but its parent still sees the pointer: the reason is shown then. */}
        <span className="billing-form__submit-wrap" onPointerDown={blocked ? onBlocked : undefined}>
          <button className="btn btn--lg billing-form__submit" type="submit" disabled={working || blocked}>
            {working ? submittingLabel : submitLabel}
          </button>
        </span>
        {onCancel && (
          <button className="btn btn--secondary btn--lg" type="button" onClick={onCancel} disabled={working}>
            {cancelLabel}
          </button>
        )}
      </div>
    </PostForm>
  )
}
