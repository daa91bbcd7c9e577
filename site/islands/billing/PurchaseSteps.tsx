/** The purchase stepper: Registrazione, Pagamento, Conferma, with the current step marked. */
import { billing } from '#modules/i18n'
import { Icon } from '../FormParts.tsx'

const t = billing.steps

export default function PurchaseSteps({ current }: { current: 1 | 2 | 3 }) {
  const steps = [t.signup, t.payment, t.done]
  return (
    <nav className="purchase-steps" aria-label={t.label}>
      <ol>
        {steps.map((label, index) => {
          const step = index + 1
          const state = step < current ? 'done' : step === current ? 'current' : 'todo'
          return (
            <li
              key={label}
              className={`purchase-steps__step purchase-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="purchase-steps__dot" aria-hidden="true">
                {state === 'done' ? <Icon name="check" size={16} /> : step}
              </span>
              <span className="purchase-steps__label">
                {label}
                {state === 'done' && <span className="visually-hidden"> ({t.completed})</span>}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
