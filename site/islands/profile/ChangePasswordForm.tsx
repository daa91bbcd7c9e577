/**
 * The password change (/profilo/modifica-password and the Sicurezza tab of
 * /v2/profilo): old password, new password with a live hint that turns green
 * at 8 characters, confirmation. Save stays disabled while the old or the new
 * password is shorter than 8 characters or the two new ones differ. The other
 * sessions of the account end; this one stays.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts } from '#modules/i18n'
import { FieldError, FormAlert, Icon, PostForm, TextField } from '../FormParts.tsx'
import { passwordChangeSavable, passwordChangeSchema, passwordHintMet } from '../account-client.ts'
import { accountsApi, resultOf } from '../api-client.ts'
import { sessionEnded } from './profile-client.ts'

type Input = z.input<typeof passwordChangeSchema>
type Output = z.output<typeof passwordChangeSchema>

const t = accounts.passwordChange

type Outcome = { kind: 'success'; revoked: number } | { kind: 'failed' } | { kind: 'message'; text: string }

/**
 * `page`: the stand-alone page (its own messages: 'Impossibile aggiornare la
 * password.' with the reasons, 'Modifica password avvenuta con successo.').
 * `tab`: the Sicurezza tab, with an edit mode and the short messages.
 */
export default function ChangePasswordForm({ variant }: { variant: 'page' | 'tab' }) {
  const [editing, setEditing] = useState(variant === 'page')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const values = watch()
  const savable = passwordChangeSavable(values)
  const hintMet = passwordHintMet(values.newPassword)
  const mismatch = values.confirmPassword.length > 0 && values.confirmPassword !== values.newPassword
  const id = (name: string) => `${variant}-password-${name}`

  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null)
    const result = await resultOf(accountsApi.user['change-password'].$post({ json: form }))
    if (result.ok) {
      reset()
      setOutcome({ kind: 'success', revoked: result.data.revokedSessions })
      if (variant === 'tab') setEditing(false)
      return
    }
    if (result.status === 401) {
      sessionEnded()
      return
    }
    if (result.status === 429) {
      setOutcome({ kind: 'message', text: result.message ?? accounts.tooManyRequests })
      return
    }
    if (result.status === 400 && result.field === 'currentPassword' && result.message) {
      setError('currentPassword', { message: result.message })
    }
    setOutcome(
      result.status === 400 ? { kind: 'failed' } : { kind: 'message', text: accounts.genericFailure },
    )
  })

  const success =
    outcome?.kind === 'success' ? (
      <FormAlert variant="success" title={variant === 'page' ? t.success : t.successShort}>
        {outcome.revoked > 0 ? t.otherSessions : undefined}
      </FormAlert>
    ) : null

  if (!editing) {
    return (
      <div className="profile-edit">
        {success}
        <div className="profile-row">
          <div>
            <span className="profile-row__label">{accounts.fields.password}</span>
            <span className="profile-row__value" aria-hidden="true">
              ••••••••
            </span>
          </div>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => {
              setOutcome(null)
              setEditing(true)
            }}
          >
            {accounts.area.edit}
            <span className="visually-hidden"> {t.securityTitle.toLowerCase()}</span>
          </button>
        </div>
      </div>
    )
  }

  return (
    <PostForm className="account-form profile-form" onSubmit={onSubmit} busy={isSubmitting}>
      {success}
      {outcome?.kind === 'failed' &&
        (variant === 'page' ? (
          <FormAlert variant="danger" title={t.failedTitle} list={t.failedReasons}>
            {t.failedReasonsIntro}
          </FormAlert>
        ) : (
          <FormAlert variant="danger">{t.failedShort}</FormAlert>
        ))}
      {outcome?.kind === 'message' && <FormAlert variant="danger">{outcome.text}</FormAlert>}
      <TextField
        id={id('vecchia')}
        label={t.current}
        error={errors.currentPassword?.message}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        {...register('currentPassword')}
      />
      <div className="field">
        <label className="field__label" htmlFor={id('nuova')}>
          {t.next}
        </label>
        <input
          className="input"
          id={id('nuova')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          aria-invalid={errors.newPassword ? 'true' : undefined}
          aria-describedby={`${id('nuova-aiuto')}${errors.newPassword ? ` ${id('nuova-errore')}` : ''}`}
          {...register('newPassword')}
        />
        <p
          className={`field__hint password-hint${hintMet ? ' password-hint--met' : ''}`}
          id={id('nuova-aiuto')}
          data-met={hintMet ? 'true' : 'false'}
          aria-live="polite"
        >
          <Icon name={hintMet ? 'checkCircle' : 'info'} size={16} />
          {t.hint}
        </p>
        <FieldError id={id('nuova-errore')} message={errors.newPassword?.message} />
      </div>
      <TextField
        id={id('conferma')}
        label={t.confirm}
        error={mismatch ? t.mismatch : undefined}
        type="password"
        autoComplete="new-password"
        maxLength={128}
        {...register('confirmPassword')}
      />
      <div className="profile-form__actions">
        <button
          className={variant === 'page' ? 'btn btn--block btn--lg' : 'btn'}
          type="submit"
          disabled={!savable || isSubmitting}
        >
          {isSubmitting ? t.saving : t.save}
        </button>
        {variant === 'tab' && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              reset()
              setOutcome(null)
              setEditing(false)
            }}
          >
            {accounts.area.cancel}
          </button>
        )}
      </div>
    </PostForm>
  )
}
