import type { AdminViewServerProps } from 'payload'
import { listView } from './admin-frame.tsx'
import { currentSubscriptionRow } from '../../modules/billing/index.ts'
import { formatDate, it } from '../../modules/i18n/index.ts'
import { adminStudioLinks, type AdminStudioRow } from '../../modules/studio/index.ts'
import { AdminTable, cell, muted, SearchForm } from './admin-table.tsx'

const t = it.studio.admin

const GRANTING = new Set(['active', 'trialing', 'past_due'])

/**
 * /admin/studio: every Studio owner with the accounts linked to it (Invitato
 * or Attivo, invitation and activation dates) and whether the owner's
 * subscription still includes the Studio formula. Admins only.
 */
export async function StudioView(view: AdminViewServerProps) {
  const { frame: template, isAdmin, pool, param } = listView(view, t.title)
  if (!isAdmin) return template(<p>{t.forbidden}</p>)

  const search = param('q') ?? ''
  const rows = await adminStudioLinks(pool, { search })
  const owners = new Map<string, AdminStudioRow[]>()
  for (const row of rows) owners.set(row.owner_user_id, [...(owners.get(row.owner_user_id) ?? []), row])
  const plans = new Map<string, { name: string; studio: boolean }>()
  for (const ownerId of owners.keys()) {
    const subscription = await currentSubscriptionRow(pool, ownerId)
    plans.set(ownerId, {
      name: subscription?.product_name ?? '—',
      studio: Boolean(subscription?.studio && GRANTING.has(subscription.status)),
    })
  }

  return template(
    <>
      <p style={muted}>{t.lead}</p>
      <SearchForm search={search} label={t.search} button={t.searchButton} />
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <AdminTable columns={t.columns}>
            {[...owners.entries()].flatMap(([ownerId, links]) =>
              links.map((link, index) => {
                const plan = plans.get(ownerId)
                return (
                  <tr key={`${ownerId}:${link.email}`}>
                    {index === 0 ? (
                      <>
                        <td style={cell} rowSpan={links.length}>
                          <div>{link.owner_name}</div>
                          <div style={muted}>
                            <a href={`/admin/abbonati?email=${encodeURIComponent(link.owner_email)}`}>
                              {link.owner_email}
                            </a>
                          </div>
                        </td>
                        <td style={cell} rowSpan={links.length}>
                          <div>{plan?.name}</div>
                          <div style={muted}>{plan?.studio ? t.studioActive : t.studioInactive}</div>
                        </td>
                      </>
                    ) : null}
                    <td style={cell}>{link.email}</td>
                    <td style={cell}>
                      {link.is_active ? it.studio.states.active : it.studio.states.invited}
                    </td>
                    <td style={cell}>{formatDate(link.invited_at)}</td>
                    <td style={cell}>{link.activated_at ? formatDate(link.activated_at) : '—'}</td>
                  </tr>
                )
              }),
            )}
          </AdminTable>
        </div>
      )}
    </>,
  )
}
