'use client'
import { useAuth } from '@payloadcms/ui'
import { it } from '../../modules/i18n/index.ts'

/** The navigation link to /admin/studio, for administrators. */
export function StudioNavLink() {
  const { user } = useAuth<{ roles?: string[] }>()
  if (!user?.roles?.includes('admin')) return null
  return (
    <a className="nav__link" href="/admin/studio" style={{ display: 'block', padding: '4px 0' }}>
      <span className="nav__link-label">{it.studio.admin.navLink}</span>
    </a>
  )
}
