/**
 * 'Elimina il mio account' (the bottom of the Sicurezza tab of /v2/profilo):
 * what happens, when a running subscription ends (at period end or now), the
 * password — or, for an account that signs in only with Google or Facebook,
 * a 6-digit code mailed on request — and a confirmation ticked before the
 * button works. Once deleted the session has ended: the browser goes to
 * /account-eliminato.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { accounts, common, erasure, formatDate } from '#modules/i18n'
import { FormAlert, PostForm, TextField } from '../FormParts.tsx'
import { erasureApi, resultOf } from '../api-client.ts'
import { sessionEnded } from './profile-client.ts'

const t = erasure

type Options = {
  method: 'password' | 'code'
  email: string
  subscription: { productName: string | null; periodEnd: string | null } | null
}

type SubscriptionEnd = 'period_end' | 'now'

export default function DeleteAccountForm() {
  const [options, setOptions] = useState<Options | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [codeSent, setCodeSent] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [end, setEnd] = useState<SubscriptionEnd>('period_end')
  const [confirmed, setConfirmed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)

  useEffect(() => {
    if (!open || options) return
    void resultOf(erasureApi.user['elimina-account'].$get()).then((result) => {
      if (result.ok) setOptions(result.data)
      else if (result.status === 401) sessionEnded()
      else setLoadFailed(true)
    })
  }, [open, options])

  const periodEnd = options?.subscription?.periodEnd
    ? formatDate(new Date(options.subscription.periodEnd))
    : null

  async function sendCode() {
    setSending(true)
    setAlert(null)
    const result = await resultOf(erasureApi.user['elimina-account'].codice.$post())
    setSending(false)
    if (result.ok) setCodeSent(t.codeSent(result.data.email))
    else if (result.status === 401) sessionEnded()
    else setAlert(result.message ?? t.failed)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!options) return
    setFieldError(undefined)
    setAlert(null)
    const secret = options.method === 'password' ? password : code.trim()
    if (!secret) {
      setFieldError(options.method === 'password' ? t.passwordRequired : t.codeRequired)
      return
    }
    if (!confirmed) {
      setAlert(t.confirmRequired)
      return
    }
    setBusy(true)
    const json =
      options.method === 'password'
        ? { password, subscriptionEnd: end, confirm: true as const }
        : { code: code.trim(), subscriptionEnd: end, confirm: true as const }
    const result = await resultOf(erasureApi.user['elimina-account'].$post({ json }))
    if (result.ok) {
      window.location.assign('/account-eliminato')
      return
    }
    setBusy(false)
    if (result.status === 401) {
      sessionEnded()
      return
    }
    if (result.status === 400 && (result.field === 'password' || result.field === 'code')) {
      setFieldError(result.message)
      return
    }
    setAlert(result.message ?? (result.status === 429 ? accounts.tooManyRequests : t.failed))
  }

  if (!open) {
    return (
      <div className="delete-account">
        <p className="profile-section__lead">{t.lead}</p>
        <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
          {t.submit}
        </button>
      </div>
    )
  }

  if (loadFailed) return <FormAlert variant="danger">{t.failed}</FormAlert>
  if (!options) return <p className="profile-section__lead">{common.loading}</p>

  const secretId = options.method === 'password' ? 'elimina-password' : 'elimina-codice'
  return (
    <PostForm className="account-form profile-form delete-account" onSubmit={submit} busy={busy}>
      <div className="delete-account__facts">
        <h3 className="delete-account__subtitle">{t.whatHappensTitle}</h3>
        <ul className="delete-account__list">
          {t.whatHappens.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {options.subscription && (
        <fieldset className="delete-account__choice">
          <legend className="delete-account__subtitle">{t.subscriptionTitle}</legend>
          <p>{t.subscriptionActive(options.subscription.productName ?? '', periodEnd ?? '')}</p>
          {(['period_end', 'now'] as const).map((value) => (
            <label className="check" key={value}>
              <input
                type="radio"
                name="fine-abbonamento"
                value={value}
                checked={end === value}
                onChange={() => setEnd(value)}
              />
              <span>
                {value === 'now' ? t.subscriptionEnd.now : t.subscriptionEnd.period_end(periodEnd ?? '')}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {options.method === 'password' ? (
        <TextField
          id={secretId}
          label={t.passwordLabel}
          hint={t.passwordHint}
          error={fieldError}
          type="password"
          autoComplete="current-password"
          maxLength={128}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : (
        <div className="delete-account__code">
          <p>{t.codeIntro(options.email)}</p>
          {codeSent && <FormAlert variant="success">{codeSent}</FormAlert>}
          <button type="button" className="btn btn--secondary btn--sm" onClick={sendCode} disabled={sending}>
            {sending ? t.sendingCode : t.sendCode}
          </button>
          <TextField
            id={secretId}
            label={t.codeLabel}
            error={fieldError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
      )}
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        <span>{t.confirmLabel}</span>
      </label>
      {alert && <FormAlert variant="danger">{alert}</FormAlert>}
      <div className="profile-form__actions">
        <button className="btn btn--danger" type="submit" disabled={busy || !confirmed}>
          {busy ? t.submitting : t.submit}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setOpen(false)
            setPassword('')
            setCode('')
            setConfirmed(false)
            setFieldError(undefined)
            setAlert(null)
          }}
        >
          {accounts.area.cancel}
        </button>
      </div>
    </PostForm>
  )
}
