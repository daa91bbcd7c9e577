/**
 * 'Scarica i miei dati' in the Sicurezza tab of /v2/profilo: one button asks
 * for the archive; the answer says where the link will arrive, or why the
 * request was refused (one an hour).
 */
import { useState } from 'react'
import { accounts, privacy } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'
import { privacyApi, resultOf } from '../api-client.ts'
import { sessionEnded } from './profile-client.ts'

const t = privacy.export

type Outcome = { kind: 'success' | 'danger'; text: string }

export default function DataExport() {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function request() {
    setBusy(true)
    setOutcome(null)
    const result = await resultOf(privacyApi.user['esportazione-dati'].$post())
    setBusy(false)
    if (result.ok) {
      setOutcome({ kind: 'success', text: result.data.message })
      return
    }
    if (result.status === 401) {
      sessionEnded()
      return
    }
    setOutcome({
      kind: 'danger',
      text:
        result.status === 429
          ? (result.message ?? t.tooMany)
          : result.status === 0
            ? accounts.genericFailure
            : t.failed,
    })
  }

  return (
    <div className="profile-edit">
      {outcome && <FormAlert variant={outcome.kind}>{outcome.text}</FormAlert>}
      <div className="profile-row">
        <div>
          <span className="profile-row__label">{t.title}</span>
          <span className="profile-row__value">{t.formats}</span>
        </div>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void request()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t.busy : t.button}
        </button>
      </div>
    </div>
  )
}
