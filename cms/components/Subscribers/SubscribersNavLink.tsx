import type { ServerProps } from 'payload'
import { it } from '../../../modules/i18n/index.ts'
import { hasAdminRole } from '../../access/isAdmin.ts'

/** The 'Abbonati' link in the admin's navigation, for administrators only. */
export function SubscribersNavLink({ user }: ServerProps) {
  if (!hasAdminRole(user as { roles?: string[] } | null | undefined)) return null
  return (
    <a className="nav__link subscribers-nav-link" href="/admin/abbonati" id="nav-abbonati">
      <span className="nav__link-label">{it.operators.navLabel}</span>
    </a>
  )
}
