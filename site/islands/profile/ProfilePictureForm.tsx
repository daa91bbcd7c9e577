/**
 * The profile picture in the Account tab of /v2/profilo: a JPEG, PNG or WebP
 * of at most 5 MB, sent as a multipart upload and shown at once here and in
 * the top bar's user menu. A wrong file is named in the message.
 */
import { useRef, useState } from 'react'
import { accounts } from '#modules/i18n'
import { FieldError, FormAlert } from '../FormParts.tsx'
import { accountsApi, resultOf, segment } from '../api-client.ts'
import { sessionEnded, showPicture } from './profile-client.ts'

const t = accounts.picture
const MAX_BYTES = 5 * 1024 * 1024
const TYPES = ['image/jpeg', 'image/png', 'image/webp']

/** The first problem of a chosen file that the browser can see (the server checks the content). */
export function pictureProblem(file: { name: string; size: number; type: string }): string | undefined {
  if (file.type && !TYPES.includes(file.type)) return t.wrongType(file.name)
  if (file.size > MAX_BYTES) return t.tooLarge(file.name)
  return undefined
}

export default function ProfilePictureForm({
  userId,
  initialUrl,
  initials,
}: {
  userId: string
  initialUrl: string | null
  initials: string
}) {
  const [url, setUrl] = useState(initialUrl)
  const [error, setError] = useState<string | undefined>()
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  async function onSubmit(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaved(false)
    const file = input.current?.files?.[0]
    if (!file) {
      setError(t.missing)
      return
    }
    const problem = pictureProblem(file)
    if (problem) {
      setError(problem)
      return
    }
    setError(undefined)
    setBusy(true)
    const result = await resultOf(
      accountsApi.user[':uid'].uploadprofilepicture.$post({
        param: { uid: segment(userId) },
        form: { file },
      }),
    )
    setBusy(false)
    if (result.ok) {
      setUrl(result.data.photoURL)
      showPicture(result.data.photoURL)
      setSaved(true)
      if (input.current) input.current.value = ''
      setChosen(null)
      return
    }
    if (result.status === 401) sessionEnded()
    else setError(result.message ?? accounts.genericFailure)
  }

  return (
    <form className="picture-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <div className="picture-form__preview" aria-hidden={url ? undefined : 'true'}>
        {url ? (
          <img src={url} alt={t.alt} width={96} height={96} data-testid="immagine-profilo" />
        ) : (
          <span className="picture-form__initials">{initials}</span>
        )}
      </div>
      <div className="picture-form__controls">
        {saved && <FormAlert variant="success">{t.success}</FormAlert>}
        <div className="field">
          <label className="field__label" htmlFor="profilo-immagine">
            {t.choose}
          </label>
          <div className="file-picker">
            <input
              ref={input}
              className="file-picker__input"
              id="profilo-immagine"
              name="file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={`profilo-immagine-nome profilo-immagine-aiuto${error ? ' profilo-immagine-errore' : ''}`}
              onChange={(event) => {
                setChosen(event.currentTarget.files?.[0]?.name ?? null)
                setError(undefined)
                setSaved(false)
              }}
            />
            <label className="btn btn--secondary btn--sm file-picker__button" htmlFor="profilo-immagine">
              {t.browse}
            </label>
            <span className="file-picker__name" id="profilo-immagine-nome">
              {chosen ?? t.noFile}
            </span>
          </div>
          <p className="field__hint" id="profilo-immagine-aiuto">
            {t.lead}
          </p>
          <FieldError id="profilo-immagine-errore" message={error} />
        </div>
        <button className="btn" type="submit" disabled={busy}>
          {busy ? t.uploading : t.upload}
        </button>
      </div>
    </form>
  )
}
