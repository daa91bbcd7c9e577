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
import { FormAlert, PostForm, TextField } from './FormParts.tsx'
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
      <TextField
        id="reimposta-password"
        label={t.reset.newPassword}
        error={errors.password?.message}
        hint={t.password.hint}
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      <TextField
        id="reimposta-conferma"
        label={t.reset.confirmPassword}
        error={errors.conferma?.message}
        type="password"
        autoComplete="new-password"
        {...register('conferma')}
      />
      <button className="btn btn--block btn--lg" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t.reset.saving : t.reset.save}
      </button>
    </PostForm>
  )
}
