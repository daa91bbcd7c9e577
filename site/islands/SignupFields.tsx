/**
 * The fields of the e-mail sign-up, shared by the trial sign-up
 * (`SignupForm`) and the sign-up before purchase (`PurchaseSignup`): Nome and
 * Cognome, Email, the profession (placeholder 'Seleziona la tua
 * professione'), the terms checkbox and the note that the password arrives by
 * e-mail. `TermsCheck` is the terms checkbox alone (the purchase page's login).
 */
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { TextField } from './FormParts.tsx'
import type { signupFormSchema } from './account-client.ts'

const t = accounts

type SignupInput = z.input<typeof signupFormSchema>

/** 'Ho letto e accetto i Termini e condizioni e la Privacy policy'. */
export function TermsCheck({
  field,
  termsHref = '/termini-e-condizioni',
  privacyHref = '/privacy-policy',
}: {
  field: UseFormRegisterReturn
  termsHref?: string
  privacyHref?: string
}) {
  return (
    <label className="check">
      <input type="checkbox" {...field} />
      <span>
        {t.signup.termsBefore}
        <a href={termsHref} target="_blank" rel="noopener">
          {t.signup.termsLink}
        </a>
        {t.signup.termsBetween}
        <a href={privacyHref} target="_blank" rel="noopener">
          {t.signup.privacyLink}
        </a>
        {t.signup.termsAfter}
      </span>
    </label>
  )
}

type Props = {
  /** Prefix of the inputs' ids (two forms never share a page, but each keeps its own). */
  idPrefix: string
  register: UseFormRegister<SignupInput>
  errors: FieldErrors<SignupInput>
  professions: { value: string; label: string }[]
  placeholderValue: string
  termsHref?: string
  privacyHref?: string
}

export default function SignupFields({
  idPrefix,
  register,
  errors,
  professions,
  placeholderValue,
  termsHref,
  privacyHref,
}: Props) {
  return (
    <>
      <div className="account-form__row">
        <TextField
          id={`${idPrefix}-nome`}
          label={t.fields.firstName}
          error={errors.nome?.message}
          type="text"
          autoComplete="given-name"
          {...register('nome')}
        />
        <TextField
          id={`${idPrefix}-cognome`}
          label={t.fields.lastName}
          error={errors.cognome?.message}
          type="text"
          autoComplete="family-name"
          {...register('cognome')}
        />
      </div>
      <TextField
        id={`${idPrefix}-email`}
        label={t.fields.email}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...register('email')}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-professione`}>
          {t.profession.label}
        </label>
        <select className="select" id={`${idPrefix}-professione`} {...register('professione')}>
          <option value={placeholderValue}>{t.profession.placeholder}</option>
          {professions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <TermsCheck field={register('termini')} termsHref={termsHref} privacyHref={privacyHref} />
      <p className="field__hint account-form__note">{t.signup.passwordByMail}</p>
    </>
  )
}
