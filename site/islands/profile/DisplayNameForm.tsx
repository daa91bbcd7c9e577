/** The display name in the Account tab of /v2/profilo: shown, then edited with Salva and Annulla. */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { PostForm, TextField } from '../FormParts.tsx'
import { displayNameFormSchema } from '../account-client.ts'
import { accountsApi, resultOf } from '../api-client.ts'
import { ProfileRow } from './ProfileRow.tsx'
import { sessionEnded, showDisplayName } from './profile-client.ts'

type Input = z.input<typeof displayNameFormSchema>
type Output = z.output<typeof displayNameFormSchema>

const t = accounts

export default function DisplayNameForm({ initial }: { initial: string }) {
  const [name, setName] = useState(initial)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(displayNameFormSchema),
    defaultValues: { displayName: initial },
  })

  const onSubmit = handleSubmit(async (values) => {
    const result = await resultOf(accountsApi.user.profile.$patch({ json: values }))
    if (result.ok) {
      setName(result.data.displayName)
      reset({ displayName: result.data.displayName })
      showDisplayName(result.data.displayName)
      setSaved(true)
      setEditing(false)
      return
    }
    if (result.status === 401) sessionEnded()
    else if (result.status === 400 && result.message) setError('displayName', { message: result.message })
    // Other failures are not shown (the specification's profile edits); the server has logged them.
  })

  if (!editing) {
    return (
      <ProfileRow
        label={t.displayName.label}
        value={name}
        testId="nome-visualizzato"
        success={saved ? t.displayName.success : null}
        onEdit={() => {
          setSaved(false)
          setEditing(true)
        }}
      />
    )
  }

  return (
    <PostForm className="account-form profile-form" onSubmit={onSubmit} busy={isSubmitting}>
      <TextField
        id="profilo-nome"
        label={t.displayName.label}
        error={errors.displayName?.message}
        type="text"
        autoComplete="name"
        maxLength={100}
        {...register('displayName')}
      />
      <div className="profile-form__actions">
        <button className="btn" type="submit" disabled={isSubmitting}>
          {isSubmitting ? t.area.saving : t.area.save}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            reset({ displayName: name })
            setEditing(false)
          }}
        >
          {t.area.cancel}
        </button>
      </div>
    </PostForm>
  )
}
