import { Gutter } from '@payloadcms/ui'
import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

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
