/**
 * The help centre's report form: request type and text, the ALTCHA
 * proof-of-work check, POST /api/v1/user/invia-segnalazione. Invia is disabled
 * while the text is empty and reads 'Attendi' while sending; the success
 * notice stays 4 s and the text is cleared.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import { helpCentre } from '#modules/i18n'
import { FormAlert, PostForm } from '../FormParts.tsx'
import type { ReportBody } from '#modules/support'
import { resultOf, supportApi } from '../api-client.ts'

const t = helpCentre.report
/** How long the success notice stays (ms). */
export const SUCCESS_NOTICE_MS = 4000

type Option = { value: string; label: string }
type Props = { types: Option[]; senderNote: string }

export default function SupportReportForm({ types, senderNote }: Props) {
  const [type, setType] = useState(types[0]?.value ?? 'assistenza_tecnica')
  const [body, setBody] = useState('')
  const [sending, setSending] = useState(false)
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null)
  const widget = useRef<AltchaWidgetElement | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const id = useId()

  const host = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    // The widget registers itself as a custom element (with its Italian texts) and is created here.
    let element: AltchaWidgetElement | null = null
    void import('altcha')
      .then(() => import('altcha/i18n/it'))
      .then(() => {
        if (!host.current) return
        element = document.createElement('altcha-widget')
        element.setAttribute('challenge', '/api/v1/captcha/challenge')
        element.setAttribute('language', 'it')
        element.setAttribute('name', 'altcha')
        element.setAttribute('configuration', JSON.stringify({ hideLogo: true, hideFooter: true }))
        element.setAttribute('aria-label', t.captchaLabel)
        host.current.append(element)
        widget.current = element
      })
    return () => {
      clearTimeout(timer.current)
      element?.remove()
    }
  }, [])

  async function captchaPayload(): Promise<string | null> {
    const element = widget.current
    if (!element || typeof element.verify !== 'function') return null
    const input = element.querySelector<HTMLInputElement>('input[name="altcha"]')
    if (element.getState() === 'verified' && input?.value) return input.value
    const result = await element.verify()
    return result?.payload ?? null
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The call is made only with a text.
    if (body.trim() === '' || sending) return
    setSending(true)
    setNotice(null)
    clearTimeout(timer.current)
    try {
      const altcha = await captchaPayload()
      if (!altcha) {
        setNotice({ variant: 'danger', text: t.captchaNeeded })
        return
      }
      const result = await resultOf(
        supportApi.user['invia-segnalazione'].$post({
          // The select lists the server's own types; the server validates the value again.
          json: { tipoRichiesta: type as ReportBody['tipoRichiesta'], corpoRichiesta: body, altcha },
        }),
      )
      if (result.ok) {
        setBody('')
        setNotice({ variant: 'success', text: t.sent })
        timer.current = setTimeout(() => setNotice(null), SUCCESS_NOTICE_MS)
      } else {
        const detail = result.field === 'altcha' && result.message ? ` ${result.message}` : ''
        setNotice({ variant: 'danger', text: `${t.failed}${detail}` })
      }
    } catch {
      setNotice({ variant: 'danger', text: t.failed })
    } finally {
      // A solution is accepted once: the next report needs a new check.
      widget.current?.reset()
      setSending(false)
    }
  }

  return (
    <PostForm className="report-form" onSubmit={submit} data-testid="segnalazione">
      <p className="report-form__from">{senderNote}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-tipo`}>
          {t.type}
        </label>
        <select
          id={`${id}-tipo`}
          className="select"
          name="tipoRichiesta"
          value={type}
          disabled={sending}
          onChange={(event) => setType(event.target.value)}
        >
          {types.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-testo`}>
          {t.body}
        </label>
        <textarea
          id={`${id}-testo`}
          className="textarea"
          name="corpoRichiesta"
          rows={7}
          maxLength={5000}
          value={body}
          disabled={sending}
          aria-describedby={`${id}-aiuto`}
          onChange={(event) => setBody(event.target.value)}
        />
        <p className="field__hint" id={`${id}-aiuto`}>
          {t.bodyHint}
        </p>
      </div>
      <div className="report-form__captcha" ref={host} />
      <div aria-live="polite">{notice && <FormAlert variant={notice.variant}>{notice.text}</FormAlert>}</div>
      <div>
        <button type="submit" className="btn btn--lg" disabled={body.trim() === '' || sending}>
          {sending ? t.sending : t.send}
        </button>
      </div>
    </PostForm>
  )
}
