import { Gutter } from '@payloadcms/ui'
import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'
import { hasAdminRole } from '../access/isAdmin.ts'
import { poolOf } from '../../modules/cms/index.ts'

/** The frame of an operators' view (/admin/abbonamenti, /admin/abbonati, /admin/studio): Payload's admin template around the view's content. */
export function AdminFrame({ view, children }: { view: AdminViewServerProps; children: ReactNode }) {
  const { initPageResult, params, searchParams } = view
  const { req } = initPageResult
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={initPageResult.locale}
      params={params}
      payload={req.payload}
      permissions={initPageResult.permissions}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={initPageResult.visibleEntities}
    >
      <Gutter>{children}</Gutter>
    </DefaultTemplate>
  )
}

/**
 * What an operators' list view (/admin/abbonamenti, /admin/studio) starts
 * from: its frame with the view's title, whether the user is an admin, the
 * database pool and the first value of a query parameter.
 */
export function listView(view: AdminViewServerProps, title: string) {
  const { req } = view.initPageResult
  const frame = (children: ReactNode) => (
    <AdminFrame view={view}>
      <h1 style={{ margin: '24px 0 8px' }}>{title}</h1>
      {children}
    </AdminFrame>
  )
  const param = (name: string): string | undefined => {
    const value = view.searchParams?.[name] as string | string[] | undefined
    return Array.isArray(value) ? value[0] : value
  }
  return {
    frame,
    isAdmin: hasAdminRole(req.user as { roles?: string[] } | null),
    pool: poolOf(req.payload),
    param,
  }
}
