/**
 * The password-recovery form inside the modal of /accedi: sends the reset
 * mail. The answer is the same whether or not the address has an account.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { FormAlert, PostForm, TextField } from './FormParts.tsx'
import { resetRequestSchema } from './account-client.ts'
import { postJson } from './json-client.ts'

type Input = z.input<typeof resetRequestSchema>
type Output = z.output<typeof resetRequestSchema>

const t = accounts.reset

export default function PasswordResetRequest() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null)
    const result = await postJson('/api/auth/request-password-reset', { email: values.email })
    if (result.ok) setOutcome({ ok: true, text: t.sent })
    else
      setOutcome({
        ok: false,
        text: result.status === 429 ? (result.message ?? t.tooManyRequests) : t.failed,
      })
  })

  return (
    <PostForm className="account-form" onSubmit={onSubmit} busy={isSubmitting}>
      <p>{t.modalLead}</p>
      {outcome && <FormAlert variant={outcome.ok ? 'success' : 'danger'}>{outcome.text}</FormAlert>}
      <TextField
        id="recupero-email"
        label={accounts.fields.email}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...register('email')}
      />
      <button className="btn btn--block" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t.submitting : t.submit}
      </button>
    </PostForm>
  )
}
