/**
 * The login form of /accedi: e-mail, password, 'Ricordami' (ticked: the
 * session survives the browser; unticked: it ends with it). On success the
 * browser goes to the page the visitor came from.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { FieldError, FormAlert, PostForm, TextField } from './FormParts.tsx'
import { loginFormSchema, signInFailureMessage } from './account-client.ts'
import { postJson } from './json-client.ts'
import { markNewSession } from './session-flag.ts'

type Input = z.input<typeof loginFormSchema>
type Output = z.output<typeof loginFormSchema>

const t = accounts

export default function LoginForm({
  returnUrl,
  resetDialogId,
}: {
  returnUrl: string
  resetDialogId: string
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', ricordami: true },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    const result = await postJson('/api/auth/sign-in/email', {
      email: values.email,
      password: values.password,
      rememberMe: values.ricordami,
    })
    if (result.ok) {
      setDone(true)
      markNewSession()
      window.location.assign(returnUrl)
      return
    }
    setFailure(signInFailureMessage(result, t.login.failed))
  })

  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {done && <FormAlert variant="success">{t.login.success}</FormAlert>}
      <TextField
        id="accesso-email"
        label={t.fields.email}
        error={errors.email?.message}
        type="email"
        autoComplete="username"
        inputMode="email"
        {...register('email')}
      />
      <div className="field">
        <div className="account-form__label-row">
          <label className="field__label" htmlFor="accesso-password">
            {t.fields.password}
          </label>
          <button type="button" className="link-button account-form__small" data-open-dialog={resetDialogId}>
            {t.login.forgotPassword}
          </button>
        </div>
        <input
          className="input"
          id="accesso-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? 'true' : undefined}
          aria-describedby={errors.password ? 'accesso-password-errore' : undefined}
          {...register('password')}
        />
        <FieldError id="accesso-password-errore" message={errors.password?.message} />
      </div>
      <label className="check">
        <input type="checkbox" aria-describedby="accesso-ricordami-nota" {...register('ricordami')} />
        <span>
          {t.login.rememberMe}
          <small className="account-form__check-hint" id="accesso-ricordami-nota">
            {t.login.rememberMeHint}
          </small>
        </span>
      </label>
      <button className="btn btn--block btn--lg" type="submit" disabled={isSubmitting || done}>
        {isSubmitting || done ? t.login.submitting : t.login.submit}
      </button>
    </PostForm>
  )
}
