import type { AdminViewServerProps } from 'payload'
import { AdminFrame } from '../admin-frame.tsx'
import type { Pool } from 'pg'
import {
  professionLabel,
  professionSchema,
  type SubscriberListItem,
} from '../../../modules/accounts/index.ts'
import { adminCardLabel, adminSubscribers, type AdminSubscriberRow } from '../../../modules/billing/index.ts'
import { formatDate, formatEuroCents, it } from '../../../modules/i18n/index.ts'
import { hasAdminRole } from '../../access/isAdmin.ts'
import { adminServicesOf, type AdminServices } from '../../admin-services.ts'

type SubscriberDetails = NonNullable<Awaited<ReturnType<AdminServices['subscriberDetails']>>>

const t = it.operators
const dateTime = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})

/** The path of the view under /admin. */
export const SUBSCRIBERS_VIEW_PATH = '/abbonati'

function param(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? ''
}

const when = (value: Date | null) => (value ? dateTime.format(value) : t.none)

function professionText(code: string | null): string {
  if (!code) return t.none
  const known = professionSchema.safeParse(code)
  return known.success ? professionLabel(known.data) : code
}

function Results({ query, items }: { query: string; items: SubscriberListItem[] }) {
  if (items.length === 0) return <p>{t.noResults(query)}</p>
  return (
    <>
      <p>{t.results(items.length)}</p>
      <div className="subscribers__table-wrap">
        <table className="subscribers__table">
          <thead>
            <tr>
              <th scope="col">{t.columns.email}</th>
              <th scope="col">{t.columns.name}</th>
              <th scope="col">{t.columns.type}</th>
              <th scope="col">{t.columns.trialEnd}</th>
              <th scope="col">{t.columns.created}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <a
                    href={`/admin${SUBSCRIBERS_VIEW_PATH}?id=${encodeURIComponent(item.id)}&email=${encodeURIComponent(query)}`}
                  >
                    {item.email}
                  </a>
                </td>
                <td>{item.name}</td>
                <td>{t.accountTypes[item.accountType]}</td>
                <td>{item.trialEndsAt ? formatDate(item.trialEndsAt) : t.none}</td>
                <td>{formatDate(item.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** The subscriber's subscription, card and payment state, with the link to the invoices (/admin/abbonamenti). */
function Billing({ row }: { row: AdminSubscriberRow | null }) {
  const b = it.billing.admin
  if (!row) return <p>{b.statuses.none}</p>
  const rows: [string, string][] = [
    [b.columns.plan, row.product_name ?? t.none],
    [b.columns.status, b.statuses[row.status ?? 'none'] ?? row.status ?? t.none],
    [b.columns.periodEnd, row.current_period_end ? formatDate(row.current_period_end) : t.none],
    [
      b.columns.renewal,
      row.subscription_id
        ? `${row.cancel_at_period_end || row.cancel_at ? b.renewalOff : b.renewalOn}${row.pending_price_id ? ` · ${b.pendingChange}` : ''}`
        : t.none,
    ],
    [b.columns.card, adminCardLabel(row) ?? t.none],
    [
      b.columns.paid,
      `${formatEuroCents(row.paid_total)}${row.open_invoices > 0 ? ` · ${b.openInvoices(row.open_invoices)}` : ''}`,
    ],
  ]
  return (
    <>
      <dl className="subscribers__facts" aria-label={b.title}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={`/admin/abbonamenti?cliente=${encodeURIComponent(row.customer_id)}`}>
          {b.columns.invoices} ({row.invoices})
        </a>
      </p>
    </>
  )
}

function Details({
  details,
  billing,
  query,
  ended,
}: {
  details: SubscriberDetails
  billing: AdminSubscriberRow | null
  query: string
  ended: string
}) {
  const { user, access, sessions } = details
  const rows: [string, string][] = [
    [t.name, user.name],
    [t.firstName, user.firstName ?? t.none],
    [t.lastName, user.lastName ?? t.none],
    [t.email, user.email],
    [t.profession, professionText(user.profession)],
    [t.accountType, t.accountTypes[user.accountType]],
    [t.trialEnd, user.trialEndsAt ? formatDate(user.trialEndsAt) : t.none],
    [t.registered, formatDate(user.createdAt)],
    [t.state, t.kinds[access.entitlements.kind]],
  ]
  return (
    <div className="subscribers__details">
      {query && (
        <p>
          <a href={`/admin${SUBSCRIBERS_VIEW_PATH}?email=${encodeURIComponent(query)}`}>
            ← {t.backToResults}
          </a>
        </p>
      )}
      <h2>{user.email}</h2>
      {ended !== '' && (
        <p className="subscribers__notice" role="status">
          {t.sessionsEnded(Number(ended) || 0)}
        </p>
      )}
      <h3>{t.profile}</h3>
      <dl className="subscribers__facts" aria-label={t.profile}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{it.billing.admin.title}</h3>
      <Billing row={billing} />
      <h3>{t.sessions}</h3>
      {sessions.length === 0 ? (
        <p>{t.noSessions}</p>
      ) : (
        <div className="subscribers__table-wrap">
          <table className="subscribers__table" aria-label={t.sessions}>
            <thead>
              <tr>
                <th scope="col">{t.sessionColumns.created}</th>
                <th scope="col">{t.sessionColumns.lastSeen}</th>
                <th scope="col">{t.sessionColumns.expires}</th>
                <th scope="col">{t.sessionColumns.ip}</th>
                <th scope="col">{t.sessionColumns.userAgent}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id}>
                  <td>{when(session.createdAt)}</td>
                  <td>{when(session.lastSeenAt)}</td>
                  <td>{when(session.expiresAt)}</td>
                  <td>{session.ipAddress || t.none}</td>
                  <td className="subscribers__agent">{session.userAgent || t.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form method="post" action={`/cms/api/abbonati/${encodeURIComponent(user.id)}/termina-sessioni`}>
        <input type="hidden" name="email" value={query} />
        <button type="submit" className="btn btn--style-primary btn--size-medium">
          {t.endSessions}
        </button>
      </form>
    </div>
  )
}

/**
 * /admin/abbonati: administrators find a subscriber by e-mail and see the
 * profile, the access state, the subscription and payment state (invoices in
 * /admin/abbonamenti) and the open sessions, and can end every session.
 * Subscribers live in the accounts module's tables (not a collection): the
 * view reads them through its API. Editors get a refusal.
 */
export async function SubscribersView(view: AdminViewServerProps) {
  const { initPageResult, searchParams } = view
  const { req } = initPageResult
  const template = (children: React.ReactNode) => (
    <AdminFrame view={view}>
      <div className="subscribers">
        <h1>{t.title}</h1>
        {children}
      </div>
    </AdminFrame>
  )
  if (!hasAdminRole(req.user as { roles?: string[] } | null)) {
    return template(<p role="alert">{t.forbidden}</p>)
  }
  const query = param(searchParams?.email).slice(0, 254)
  const id = param(searchParams?.id)
  const ended = param(searchParams?.terminate)
  const { findSubscribers, subscriberDetails } = adminServicesOf(req.payload)
  const details = id ? await subscriberDetails(id) : null
  const pool = (req.payload.db as unknown as { pool: Pool }).pool
  const billing = details
    ? ((await adminSubscribers(pool, { search: details.user.email })).find(
        (row) => row.user_id === details.user.id,
      ) ?? null)
    : null
  const results = !id && query ? await findSubscribers(query) : null
  return template(
    <>
      <p>{t.lead}</p>
      <form method="get" className="subscribers__search" role="search">
        <label htmlFor="abbonati-email">{t.searchLabel}</label>
        <input id="abbonati-email" name="email" type="search" defaultValue={query} maxLength={254} />
        <button type="submit" className="btn btn--style-primary btn--size-medium">
          {t.search}
        </button>
      </form>
      {id && !details && <p role="alert">{t.notFound}</p>}
      {details && <Details details={details} billing={billing} query={query} ended={ended} />}
      {results && <Results query={query} items={results} />}
    </>,
  )
}
