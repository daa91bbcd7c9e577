/**
 * The e-mail address in the Account tab of /v2/profilo. The change needs the
 * current password and is applied at once; the previous address receives a
 * mail whose link undoes it. Save stays disabled while the new address is empty.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { PostForm, TextField } from '../FormParts.tsx'
import { emailChangeFormSchema } from '../account-client.ts'
import { accountsApi, resultOf } from '../api-client.ts'
import { ProfileRow } from './ProfileRow.tsx'
import { sessionEnded } from './profile-client.ts'

type Input = z.input<typeof emailChangeFormSchema>
type Output = z.output<typeof emailChangeFormSchema>

const t = accounts

export default function EmailChangeForm({ initial }: { initial: string }) {
  const [email, setEmail] = useState(initial)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(emailChangeFormSchema),
    defaultValues: { email: '', password: '' },
  })
  const typed = watch('email').trim()

  const onSubmit = handleSubmit(async (values) => {
    const result = await resultOf(accountsApi.user['change-email'].$post({ json: values }))
    if (result.ok) {
      setEmail(result.data.email)
      reset()
      setSaved(true)
      setEditing(false)
      return
    }
    if (result.status === 401) {
      sessionEnded()
      return
    }
    const field = result.field === 'password' ? 'password' : result.field === 'email' ? 'email' : null
    // 403: the current address is not confirmed yet (the notice above the form says how).
    if ([400, 403, 409, 429].includes(result.status) && result.message) {
      setError(field ?? 'email', { message: result.message })
    }
    // Other failures are not shown (the specification's e-mail update); the server has logged them.
  })

  if (!editing) {
    return (
      <ProfileRow
        label={t.fields.email}
        value={email}
        testId="email-account"
        success={saved ? t.emailChange.success : null}
        onEdit={() => {
          setSaved(false)
          setEditing(true)
        }}
      />
    )
  }

  return (
    <PostForm className="account-form profile-form" onSubmit={onSubmit} busy={isSubmitting}>
      <p className="profile-form__current">
        {t.fields.email}: <strong>{email}</strong>
      </p>
      <TextField
        id="profilo-email"
        label={t.emailChange.newEmail}
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        {...register('email')}
      />
      <TextField
        id="profilo-email-password"
        label={t.emailChange.password}
        error={errors.password?.message}
        hint={t.emailChange.passwordHint}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        {...register('password')}
      />
      <div className="profile-form__actions">
        <button className="btn" type="submit" disabled={isSubmitting || typed === ''}>
          {isSubmitting ? t.area.saving : t.area.save}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            reset()
            setEditing(false)
          }}
        >
          {t.area.cancel}
        </button>
      </div>
    </PostForm>
  )
}
