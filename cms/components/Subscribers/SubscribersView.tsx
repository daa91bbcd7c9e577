import type { AdminViewServerProps } from 'payload'
import { AdminFrame } from '../admin-frame.tsx'
import {
  professionLabel,
  professionSchema,
  type SubscriberListItem,
} from '../../../modules/accounts/index.ts'
import { adminCardLabel, adminSubscribers, type AdminSubscriberRow } from '../../../modules/billing/index.ts'
import { poolOf } from '../../../modules/cms/index.ts'
import { formatDate, formatEuroCents, it } from '../../../modules/i18n/index.ts'
import { hasAdminRole } from '../../access/isAdmin.ts'
import { adminServicesOf, type AdminServices } from '../../admin-services.ts'

type SubscriberDetails = NonNullable<Awaited<ReturnType<AdminServices['subscriberDetails']>>>

const t = it.operators
const e = it.erasure.operators
type ErasureLogEntry = Awaited<ReturnType<AdminServices['recentErasures']>>[number]
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

/** The operator's deletion of the account: the reason is required and recorded in the erasure log. */
function DeleteAccountForm({
  userId,
  billing,
  problem,
}: {
  userId: string
  billing: AdminSubscriberRow | null
  problem: string
}) {
  const running =
    billing?.subscription_id && ['active', 'trialing', 'past_due'].includes(billing.status ?? '')
  const periodEnd = billing?.current_period_end ? formatDate(billing.current_period_end) : ''
  return (
    <section className="subscribers__danger" aria-labelledby="abbonati-elimina">
      <h3 id="abbonati-elimina">{e.title}</h3>
      <p>{e.lead}</p>
      {problem !== '' && (
        <p className="subscribers__notice subscribers__notice--error" role="alert">
          {problem === 'motivo'
            ? e.reasonRequired
            : problem === 'conflict'
              ? it.erasure.alreadyErased
              : it.erasure.failed}
        </p>
      )}
      <form method="post" action={`/cms/api/abbonati/${encodeURIComponent(userId)}/elimina-account`}>
        <label htmlFor="abbonati-motivo">{e.reasonLabel}</label>
        <textarea id="abbonati-motivo" name="reason" required minLength={3} maxLength={2000} rows={3} />
        {running && (
          <fieldset>
            <legend>{e.subscriptionLabel}</legend>
            <label>
              <input type="radio" name="subscriptionEnd" value="period_end" defaultChecked />{' '}
              {it.erasure.subscriptionEnd.period_end(periodEnd)}
            </label>
            <label>
              <input type="radio" name="subscriptionEnd" value="now" /> {it.erasure.subscriptionEnd.now}
            </label>
          </fieldset>
        )}
        <button type="submit" className="btn btn--style-primary btn--size-medium subscribers__danger-button">
          {e.submit}
        </button>
      </form>
    </section>
  )
}

/** The latest deletions: when, which account id, who asked and why. */
function ErasureLog({ entries }: { entries: ErasureLogEntry[] }) {
  return (
    <>
      <h3>{e.logTitle}</h3>
      {entries.length === 0 ? (
        <p>{e.logEmpty}</p>
      ) : (
        <div className="subscribers__table-wrap">
          <table className="subscribers__table" aria-label={e.logTitle}>
            <thead>
              <tr>
                <th scope="col">{e.logColumns.when}</th>
                <th scope="col">{e.logColumns.account}</th>
                <th scope="col">{e.logColumns.by}</th>
                <th scope="col">{e.logColumns.reason}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.completedAt ?? entry.requestedAt)}</td>
                  <td className="subscribers__agent">{entry.userId}</td>
                  <td>
                    {entry.requestedBy === 'operator'
                      ? e.byOperator(entry.operatorEmail ?? '')
                      : e.bySubscriber}
                  </td>
                  <td>{entry.reason ?? t.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

function Details({
  details,
  billing,
  query,
  ended,
  problem,
}: {
  details: SubscriberDetails
  billing: AdminSubscriberRow | null
  query: string
  ended: string
  problem: string
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
      <DeleteAccountForm userId={user.id} billing={billing} problem={problem} />
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
  const problem = param(searchParams?.eliminazione)
  const erased = param(searchParams?.eliminato) !== ''
  const { findSubscribers, subscriberDetails, recentErasures } = adminServicesOf(req.payload)
  const details = id ? await subscriberDetails(id) : null
  const pool = poolOf(req.payload)
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
      {erased && (
        <p className="subscribers__notice" role="status">
          {e.done}
        </p>
      )}
      {details && (
        <Details details={details} billing={billing} query={query} ended={ended} problem={problem} />
      )}
      {results && <Results query={query} items={results} />}
      {!details && <ErasureLog entries={await recentErasures(20)} />}
    </>,
  )
}
