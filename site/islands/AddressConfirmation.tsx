/**
 * An account whose e-mail address is not confirmed yet: the request to open
 * the welcome mail's link, a button that sends the link again, and a look
 * every few seconds (and when the window gets the focus back) at whether the
 * address has been confirmed meanwhile, in another tab or on another device.
 * The checkout shows it instead of its payment step and goes on by itself
 * (`onConfirmed`); the profile shows it in the Account tab.
 */
import { useEffect, useRef, useState } from 'react'
import { accounts } from '#modules/i18n'
import { FormAlert } from './FormParts.tsx'
import { accountsApi, resultOf } from './api-client.ts'
import { sessionEnded } from './profile/profile-client.ts'

/** How often the confirmation is looked at while waiting. */
export const CONFIRMATION_POLL_MS = 3_000
const confirmation = accountsApi.user['email-confirmation']

const t = accounts.addressConfirmation

type Props = {
  email: string
  /** 'checkout': the panel that replaces the payment step; 'profile': the notice of the Account tab. */
  variant: 'checkout' | 'profile'
  onConfirmed?: () => void
}

type Notice = { variant: 'success' | 'danger'; text: string }

/** Whether the signed-in account's address is confirmed now; null when it cannot be told. */
async function confirmedNow(): Promise<boolean | null> {
  // Offline for a moment (status 0): the next look tells.
  const result = await resultOf(
    confirmation.$get(undefined, { init: { credentials: 'same-origin', cache: 'no-store' } }),
  )
  if (result.status === 401) sessionEnded()
  return result.ok ? result.data.confirmed : null
}

export default function AddressConfirmation({ email, variant, onConfirmed }: Props) {
  const [confirmed, setConfirmed] = useState(false)
  const [sending, setSending] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const done = useRef(onConfirmed)
  done.current = onConfirmed

  useEffect(() => {
    if (confirmed) return undefined
    let stopped = false
    const look = async () => {
      if ((await confirmedNow()) && !stopped) {
        stopped = true
        setConfirmed(true)
        done.current?.()
      }
    }
    const timer = setInterval(() => void look(), CONFIRMATION_POLL_MS)
    const onFocus = () => void look()
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onFocus)
    return () => {
      stopped = true
      clearInterval(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onFocus)
    }
  }, [confirmed])

  const resend = async () => {
    setSending(true)
    setNotice(null)
    const result = await resultOf(confirmation.$post())
    setSending(false)
    if (result.ok && result.data.confirmed) {
      setConfirmed(true)
      done.current?.()
    } else if (result.ok) {
      setNotice({ variant: 'success', text: t.resent(email) })
    } else if (result.status === 401) {
      sessionEnded()
    } else {
      setNotice({
        variant: 'danger',
        text: result.status === 429 && result.message ? result.message : t.resendFailed,
      })
    }
  }

  if (confirmed) return <FormAlert variant="success">{t.confirmed}</FormAlert>

  const button = (
    <button
      type="button"
      className="btn btn--secondary"
      onClick={() => void resend()}
      disabled={sending}
      aria-busy={sending}
    >
      {sending ? t.resending : t.resend}
    </button>
  )

  if (variant === 'profile') {
    return (
      <div className="address-confirmation address-confirmation--profile">
        <FormAlert variant="warning" title={t.notConfirmed}>
          {t.profileLead(email)}
        </FormAlert>
        {notice && <FormAlert variant={notice.variant}>{notice.text}</FormAlert>}
        {button}
      </div>
    )
  }

  return (
    <section className="address-confirmation" aria-labelledby="conferma-indirizzo-titolo">
      <h2 className="address-confirmation__title" id="conferma-indirizzo-titolo">
        {t.panelTitle}
      </h2>
      <p>{t.panelLead(email)}</p>
      <p className="address-confirmation__waiting" role="status">
        <span className="spinner" aria-hidden="true" />
        {t.waiting}
      </p>
      {notice && <FormAlert variant={notice.variant}>{notice.text}</FormAlert>}
      {button}
    </section>
  )
}
