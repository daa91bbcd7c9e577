/**
 * 'Crea un nuovo account': the trial sign-up form. REGISTRATI stays disabled
 * until the terms are accepted; on success the form gives way to the
 * server's message (the password arrives by e-mail, new address or not) and
 * a link to the sign-in page, which then opens /bancadati.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { FormAlert, PostForm } from './FormParts.tsx'
import SignupFields from './SignupFields.tsx'
import { signupFieldOf, signupFormSchema } from './account-client.ts'
import { resultOf, signupApi } from './api-client.ts'
import type { InferRequestType } from 'hono/client'

const trialSignup = signupApi.user['trial-signup']
/** The professions the API knows: the form's select offers only those (the page passes them). */
type Profession = InferRequestType<typeof trialSignup.$post>['json']['professione']

type Props = {
  professions: { value: string; label: string }[]
  placeholderValue: string
  termsHref: string
  privacyHref: string
  /** The sign-in page the success message links to (the server's answer may name another). */
  redirectTo: string
}

type Input = z.input<typeof signupFormSchema>
type Output = z.output<typeof signupFormSchema>

const t = accounts

export default function SignupForm({
  professions,
  placeholderValue,
  termsHref,
  privacyHref,
  redirectTo,
}: Props) {
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState<{ message: string; next: string } | null>(null)
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { nome: '', cognome: '', email: '', professione: placeholderValue, termini: false },
  })
  const termsAccepted = watch('termini')

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    const result = await resultOf(
      trialSignup.$post({
        json: {
          nome: values.nome,
          cognome: values.cognome,
          email: values.email,
          professione: values.professione as Profession,
        },
      }),
    )
    if (result.ok) {
      setDone({ message: result.data.message, next: result.data.redirectTo || redirectTo })
      return
    }
    const named = signupFieldOf(result.field)
    if (result.status === 400 && named) {
      setError(named, { message: result.message ?? t.signup.failed })
      return
    }
    setFailure(result.status === 429 ? (result.message ?? t.signup.tooManyRequests) : t.signup.failed)
  })

  if (done)
    return (
      <div className="account-form">
        <FormAlert variant="success">{done.message}</FormAlert>
        <a className="btn btn--block btn--lg" href={done.next}>
          {t.signup.goToLogin}
        </a>
      </div>
    )

  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      {failure && (
        <FormAlert variant="danger">
          {failure} <a href="/accedi">{t.login.title}</a>
        </FormAlert>
      )}
      <SignupFields
        idPrefix="registrazione"
        register={register}
        errors={errors}
        professions={professions}
        placeholderValue={placeholderValue}
        termsHref={termsHref}
        privacyHref={privacyHref}
      />
      <button className="btn btn--block btn--lg" type="submit" disabled={!termsAccepted || isSubmitting}>
        {isSubmitting ? t.signup.submitting : t.signup.submit}
      </button>
    </PostForm>
  )
}
