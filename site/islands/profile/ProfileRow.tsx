/** A profile value shown read-only with its 'Modifica' button, and the success notice of the last change. */
import { accounts } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'

type Props = {
  label: string
  value: string
  testId: string
  /** The notice shown after a change was saved (null: none). */
  success: string | null
  onEdit: () => void
}

export function ProfileRow({ label, value, testId, success, onEdit }: Props) {
  return (
    <div className="profile-edit">
      {success && <FormAlert variant="success">{success}</FormAlert>}
      <div className="profile-row">
        <div>
          <span className="profile-row__label">{label}</span>
          <span className="profile-row__value" data-testid={testId}>
            {value}
          </span>
        </div>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onEdit}>
          {accounts.area.edit}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
    </div>
  )
}
