/**
 * /reimposta-password: the new password and its confirmation (8 to 20
 * characters, no spaces, matching). A link that has expired or was used is
 * refused with its own message.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { FieldError, FormAlert, PostForm } from './FormParts.tsx'
import { newPasswordSchema } from './account-client.ts'
import { postJson } from './json-client.ts'

type Input = z.input<typeof newPasswordSchema>
type Output = z.output<typeof newPasswordSchema>

const t = accounts

export default function ResetPasswordForm({ token }: { token: string }) {
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form')
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', conferma: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    const result = await postJson('/api/auth/reset-password', { token, newPassword: values.password })
    if (result.ok) setState('done')
    else if (result.code === 'INVALID_TOKEN') setState('expired')
    else if (result.status === 400 && result.message) setFailure(result.message)
    else setFailure(t.reset.failedGeneric)
  })

  if (state === 'done') {
    return (
      <div className="account-form">
        <FormAlert variant="success" title={t.reset.success}>
          {t.reset.successLead}
        </FormAlert>
        <a className="btn btn--block" href="/accedi">
          {t.reset.goToLogin}
        </a>
      </div>
    )
  }
  if (state === 'expired') {
    return (
      <div className="account-form">
        <FormAlert variant="danger">{t.reset.expired}</FormAlert>
        <a className="btn btn--block" href="/accedi#recupero-password">
          {t.reset.requestNew}
        </a>
      </div>
    )
  }
  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      <div className="field">
        <label className="field__label" htmlFor="reimposta-password">
          {t.reset.newPassword}
        </label>
        <input
          className="input"
          id="reimposta-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.password ? 'true' : undefined}
          aria-describedby={`reimposta-password-aiuto${errors.password ? ' reimposta-password-errore' : ''}`}
          {...register('password')}
        />
        <p className="field__hint" id="reimposta-password-aiuto">
          {t.password.hint}
        </p>
        <FieldError id="reimposta-password-errore" message={errors.password?.message} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="reimposta-conferma">
          {t.reset.confirmPassword}
        </label>
        <input
          className="input"
          id="reimposta-conferma"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.conferma ? 'true' : undefined}
          aria-describedby={errors.conferma ? 'reimposta-conferma-errore' : undefined}
          {...register('conferma')}
        />
        <FieldError id="reimposta-conferma-errore" message={errors.conferma?.message} />
      </div>
      <button className="btn btn--block btn--lg" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t.reset.saving : t.reset.save}
      </button>
    </PostForm>
  )
}
