import type { ServerProps } from 'payload'
import { it } from '../../../modules/i18n/index.ts'
import { hasAdminRole } from '../../access/isAdmin.ts'

/** On the dashboard, for administrators: the way to the subscribers' page. */
export function SubscribersDashboardCard({ user }: ServerProps) {
  if (!hasAdminRole(user as { roles?: string[] } | null | undefined)) return null
  return (
    <div className="subscribers-card">
      <h2 className="subscribers-card__title">{it.operators.title}</h2>
      <p>{it.operators.lead}</p>
      <a className="btn btn--style-primary btn--size-medium" href="/admin/abbonati">
        {it.operators.open}
      </a>
    </div>
  )
}
