/**
 * The owner's linked accounts (the gestionestudio tab and
 * /gestione-abbonamento/studio): the list with Invitato or Attivo, removal and
 * a new invitation, and the invite form. At two linked accounts the input and
 * button are disabled and the limit message shows.
 */
import { useState } from 'react'
import { formatDate, studio } from '#modules/i18n'
import { FieldError, FormAlert, PostForm } from '../FormParts.tsx'
import { resultOf, segment, studioApi } from '../api-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'
import { inviteFormSchema, type LinkedAccountView } from './studio-client.ts'

const t = studio

type Props = {
  ownerEmail: string
  initial: LinkedAccountView[]
  limit: number
}

type Notice = { variant: 'success' | 'danger'; text: string } | null

export default function StudioAccounts({ ownerEmail, initial, limit }: Props) {
  const [accounts, setAccounts] = useState(initial)
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const full = accounts.length >= limit
  const owner = { mail: segment(ownerEmail) }
  const linked = studioApi.linkedstudioaccounts

  async function reload() {
    const result = await resultOf(linked.linkedto[':mail'].$get({ param: owner }))
    if (result.status === 401) return sessionEnded()
    if (result.ok) setAccounts(result.data)
  }

  async function invite(address: string, fromForm: boolean) {
    setNotice(null)
    setBusy(fromForm ? 'invite' : `reinvite:${address}`)
    const result = await resultOf(
      linked.linkto[':mail'].$post({ param: owner, json: { accountEmail: address } }),
    )
    setBusy(null)
    if (result.ok) {
      if (fromForm) setEmail('')
      setNotice({ variant: 'success', text: t.inviteSent(result.data.email) })
      await reload()
      return
    }
    if (result.status === 401) return sessionEnded()
    if (result.status === 400 && fromForm) {
      setFieldError(result.message ?? t.emailInvalid)
      return
    }
    const known = result.status === 409 || result.status === 429 || result.status === 403
    setNotice({ variant: 'danger', text: known && result.message ? result.message : t.inviteFailed })
    if (result.status === 409) await reload()
  }

  async function remove(address: string) {
    if (!window.confirm(t.removeConfirm(address))) return
    setNotice(null)
    setBusy(`remove:${address}`)
    const result = await resultOf(linked.unlink[':mail'].$post({ param: { mail: segment(address) } }))
    setBusy(null)
    if (result.status === 401) return sessionEnded()
    if (result.ok) setNotice({ variant: 'success', text: t.removed(address) })
    else setNotice({ variant: 'danger', text: result.message ?? t.genericError })
    await reload()
  }

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (full) return
    const parsed = inviteFormSchema.safeParse({ email })
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message)
      return
    }
    setFieldError(undefined)
    await invite(parsed.data.email, true)
  }

  return (
    <div className="studio-accounts">
      {notice && <FormAlert variant={notice.variant}>{notice.text}</FormAlert>}
      <div className="studio-accounts__head">
        <h3 className="studio-accounts__title">{t.listTitle}</h3>
        <span className="studio-accounts__count" data-testid="studio-conteggio">
          {t.count(accounts.length, limit)}
        </span>
      </div>
      {accounts.length === 0 ? (
        <p className="studio-accounts__empty">{t.listEmpty}</p>
      ) : (
        <ul className="studio-list" aria-label={t.listTitle}>
          {accounts.map((account) => (
            <li className="studio-list__item" key={account.email} data-testid="studio-account">
              <div className="studio-list__who">
                <span className="studio-list__email">{account.email}</span>
                <span className="studio-list__meta">
                  {account.isActive && account.activatedAt
                    ? t.activeSince(formatDate(new Date(account.activatedAt)))
                    : t.invitedOn(formatDate(new Date(account.invitedAt)))}
                </span>
              </div>
              <span
                className={`badge ${account.isActive ? 'badge--success' : 'badge--warning'} studio-list__state`}
              >
                {account.isActive ? t.states.active : t.states.invited}
              </span>
              <div className="studio-list__actions">
                {!account.isActive && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    aria-label={t.reinviteLabel(account.email)}
                    disabled={busy !== null}
                    onClick={() => void invite(account.email, false)}
                  >
                    {t.reinvite}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm studio-list__remove"
                  aria-label={t.removeLabel(account.email)}
                  disabled={busy !== null}
                  onClick={() => void remove(account.email)}
                >
                  {t.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PostForm className="account-form studio-invite" onSubmit={onSubmit}>
        <h3 className="studio-accounts__title">{t.inviteTitle}</h3>
        {full && <FormAlert variant="warning">{t.limitReached}</FormAlert>}
        <div className="field">
          <label className="field__label" htmlFor="studio-invito-email">
            {t.emailLabel}
          </label>
          <div className="studio-invite__row">
            <input
              className="input"
              id="studio-invito-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              required
              value={email}
              disabled={full}
              aria-invalid={fieldError ? 'true' : undefined}
              aria-describedby={fieldError ? 'studio-invito-email-errore' : undefined}
              onChange={(event) => {
                setEmail(event.target.value.toLowerCase())
                setFieldError(undefined)
              }}
            />
            <button className="btn" type="submit" disabled={full || busy !== null}>
              {busy === 'invite' ? t.inviting : t.invite}
            </button>
          </div>
          <FieldError id="studio-invito-email-errore" message={fieldError} />
        </div>
      </PostForm>
    </div>
  )
}
