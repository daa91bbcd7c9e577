/**
 * The form of /registrati/setupsocial: the profession and 'Completa
 * registrazione'. Nothing is sent while the placeholder is selected; on
 * success the browser goes on to `redirectTo` (/bancadati by default).
 */
import { useState } from 'react'
import { accounts } from '#modules/i18n'
import { FieldError, FormAlert, PostForm } from './FormParts.tsx'
import { resultOf, signupApi } from './api-client.ts'

type Props = {
  professions: { value: string; label: string }[]
  placeholderValue: string
  redirectTo: string
}

const t = accounts

export default function SocialSetupForm({ professions, placeholderValue, redirectTo }: Props) {
  const [profession, setProfession] = useState(placeholderValue)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  const submit = async () => {
    setFailure(null)
    if (profession === placeholderValue) {
      setFieldError(t.socialSetup.professionRequired)
      return
    }
    setBusy(true)
    const result = await resultOf(signupApi.user.setupsocial.$post({ json: { professione: profession } }))
    if (result.ok) {
      setDone(true)
      window.location.assign(redirectTo)
      return
    }
    setBusy(false)
    if (result.status === 401) {
      window.location.assign('/')
      return
    }
    if (result.status === 400) setFieldError(result.message ?? t.socialSetup.professionRequired)
    else setFailure(t.socialSetup.failed)
  }

  return (
    <PostForm
      className="account-form"
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {done && <FormAlert variant="success">{t.socialSetup.success}</FormAlert>}
      <div className="field">
        <label className="field__label" htmlFor="setup-professione">
          {t.profession.label}
        </label>
        <select
          className="select"
          id="setup-professione"
          value={profession}
          aria-invalid={fieldError ? 'true' : undefined}
          aria-describedby={fieldError ? 'setup-professione-errore' : undefined}
          onChange={(event) => {
            setProfession(event.target.value)
            setFieldError(undefined)
          }}
        >
          <option value={placeholderValue}>{t.profession.placeholder}</option>
          {professions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id="setup-professione-errore" message={fieldError} />
      </div>
      <button className="btn btn--block btn--lg" type="submit" disabled={busy || done}>
        {busy || done ? t.socialSetup.submitting : t.socialSetup.submit}
      </button>
    </PostForm>
  )
}
