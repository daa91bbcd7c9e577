import type { AdminViewServerProps } from 'payload'
import { listView } from './admin-frame.tsx'
import {
  adminCardLabel,
  adminInvoices,
  adminEinvoiceProblems,
  adminSubscribers,
  type AdminEinvoiceProblem,
  type AdminInvoiceRow,
} from '../../modules/billing/index.ts'
import { formatDate, formatEuroCents, it } from '../../modules/i18n/index.ts'
import { AdminTable, cell, muted, SearchForm } from './admin-table.tsx'

const t = it.billing.admin
const r = it.invoices.refund

/** 'Rimborsa' on a paid, issued invoice with something left to refund: amount (default the rest) and reason. */
function RefundForm(props: { invoice: AdminInvoiceRow; customerId: string }) {
  const { invoice } = props
  const left = invoice.amount_paid - invoice.refunded
  if (invoice.status !== 'paid' || !invoice.invoice_pdf?.startsWith('/cms/') || left <= 0) return null
  const number = invoice.number ?? invoice.id
  const field = { display: 'grid', gap: 4, margin: '0 0 8px' } as const
  return (
    <details style={{ marginTop: 8 }}>
      <summary style={{ cursor: 'pointer' }}>{r.action}</summary>
      <form
        method="post"
        action={`/cms/api/fatture/${encodeURIComponent(invoice.id)}/rimborsa`}
        style={{ marginTop: 8, minWidth: 220 }}
        aria-label={r.title(number)}
      >
        <input type="hidden" name="cliente" value={props.customerId} />
        <label style={field}>
          <span>{r.amount}</span>
          <input name="importo" inputMode="decimal" placeholder={formatEuroCents(left)} />
          <span style={muted}>{r.amountHint(formatEuroCents(left))}</span>
        </label>
        <label style={field}>
          <span>{r.reason}</span>
          <select name="motivo" defaultValue="requested_by_customer">
            {Object.entries(r.reasons).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label style={field}>
          <span>{r.note}</span>
          <input name="nota" maxLength={500} />
        </label>
        <button type="submit" className="btn btn--style-primary btn--size-small">
          {r.confirm}
        </button>
      </form>
    </details>
  )
}

/** The message of a refused refund, by its key (`?errore=`). */
function refundError(key: string, invoice: AdminInvoiceRow | undefined): string | null {
  const errors = r.errors
  switch (key) {
    case 'tooMuch':
      return errors.tooMuch(formatEuroCents(invoice ? invoice.amount_paid - invoice.refunded : 0))
    case 'alreadyRefunded':
    case 'notRefundable':
    case 'amount':
    case 'notFound':
    case 'failed':
      return errors[key]
    default:
      return null
  }
}

const problem = { color: 'var(--theme-error-500)', marginTop: 4 } as const

/** 'Riprova' for an invoice whose files were refused as `invalid` (back to the subscriber's page or the list). */
function RetryForm(props: { invoiceId: string; customerId?: string | null }) {
  return (
    <form
      method="post"
      action={`/cms/api/fatture/${encodeURIComponent(props.invoiceId)}/riprova`}
      style={{ marginTop: 8 }}
    >
      {props.customerId ? <input type="hidden" name="cliente" value={props.customerId} /> : null}
      <button type="submit" className="btn btn--style-secondary btn--size-small" title={t.retryHint}>
        {t.retry}
      </button>
    </form>
  )
}

/** The electronic files refused before sending, each with the reason naming the field and 'Riprova'. */
function EinvoiceProblems(props: { problems: AdminEinvoiceProblem[] }) {
  const p = t.einvoiceProblems
  if (props.problems.length === 0) return null
  return (
    <section aria-labelledby="fatture-da-correggere" style={{ margin: '0 0 32px' }}>
      <h2 id="fatture-da-correggere" style={{ margin: '0 0 8px', color: 'var(--theme-error-500)' }}>
        {p.title} ({props.problems.length})
      </h2>
      <p style={muted}>{p.lead}</p>
      <div style={{ overflowX: 'auto' }}>
        <AdminTable columns={p.columns}>
          {props.problems.map((row) => (
            <tr key={`${row.kind}-${row.number}`}>
              <td style={cell}>{p.kinds[row.kind](row.number)}</td>
              <td style={cell}>
                <div>{row.email ?? '—'}</div>
                {row.customer_id ? (
                  <a href={`/admin/abbonamenti?cliente=${encodeURIComponent(row.customer_id)}`}>
                    {p.invoices}
                  </a>
                ) : null}
              </td>
              <td style={cell}>{formatDate(row.since)}</td>
              <td style={cell}>{row.reason}</td>
              <td style={cell}>
                <RetryForm invoiceId={row.invoice_id} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </section>
  )
}

/** The state of an invoice's electronic file at SDI, and 'Reinvia' for a rejected one. */
function SdiState(props: { invoice: AdminInvoiceRow; customerId: string }) {
  const { invoice } = props
  if (!invoice.sdi_state) return <>—</>
  const states = it.invoices.einvoice.states as Record<string, string>
  return (
    <>
      <div>{states[invoice.sdi_state] ?? invoice.sdi_state}</div>
      {invoice.sdi_id ? <div style={muted}>{t.sdiId(invoice.sdi_id)}</div> : null}
      {(invoice.sdi_errors ?? []).map((error) => (
        <div key={error.code} style={muted}>
          {error.code} · {error.description}
        </div>
      ))}
      {invoice.sdi_last_error && invoice.sdi_state === 'pending' ? (
        <div style={muted}>{t.sdiProblem(invoice.sdi_last_error)}</div>
      ) : null}
      {invoice.sdi_state === 'invalid' ? (
        <>
          {invoice.sdi_last_error ? <div style={problem}>{invoice.sdi_last_error}</div> : null}
          <RetryForm invoiceId={invoice.id} customerId={props.customerId} />
        </>
      ) : null}
      {invoice.sdi_state === 'rejected' ? (
        <form
          method="post"
          action={`/cms/api/fatture/${encodeURIComponent(invoice.id)}/reinvia`}
          style={{ marginTop: 8 }}
        >
          <input type="hidden" name="cliente" value={props.customerId} />
          <button type="submit" className="btn btn--style-secondary btn--size-small" title={t.resendHint}>
            {t.resend}
          </button>
        </form>
      ) : null}
    </>
  )
}

/**
 * /admin/abbonamenti: every subscriber's subscription, card and payment state,
 * and a subscriber's invoices (`?cliente=`) with their electronic file's state
 * at SDI and 'Reinvia' for a rejected one, from the billing mirror; above the
 * list, the electronic files refused as `invalid` with the field to correct
 * and 'Riprova'. Admins only.
 */
export async function BillingView(view: AdminViewServerProps) {
  const { frame: template, isAdmin, pool, param } = listView(view, t.title)
  if (!isAdmin) return template(<p>{t.forbidden}</p>)

  const search = param('q') ?? ''
  const customerId = param('cliente')
  const rows = await adminSubscribers(pool, { search })

  if (customerId) {
    const owner =
      rows.find((row) => row.customer_id === customerId) ??
      (await adminSubscribers(pool, { search: customerId }))[0]
    const invoices = await adminInvoices(pool, customerId)
    const refundFailure = refundError(
      param('errore') ?? '',
      invoices.find((invoice) => invoice.id === param('fattura')),
    )
    return template(
      <>
        <p style={{ margin: '0 0 24px' }}>
          <a href="/admin/abbonamenti">← {t.back}</a>
        </p>
        <h2 style={{ margin: '0 0 16px' }}>{t.invoicesOf(owner?.email ?? customerId)}</h2>
        {param('reinviata') ? (
          <p role="status" style={{ margin: '0 0 16px' }}>
            {t.resent}
          </p>
        ) : null}
        {param('riprovata') ? (
          <p role="status" style={{ margin: '0 0 16px' }}>
            {t.retried}
          </p>
        ) : null}
        {param('rimborsata') ? (
          <p role="status" style={{ margin: '0 0 16px' }}>
            {r.done}
          </p>
        ) : null}
        {refundFailure ? (
          <p role="alert" style={{ margin: '0 0 16px', color: 'var(--theme-error-500)' }}>
            {refundFailure}
          </p>
        ) : null}
        <div style={{ overflowX: 'auto' }}>
          <AdminTable columns={t.invoiceColumns}>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td style={cell}>{invoice.number ?? invoice.id}</td>
                <td style={cell}>{invoice.created_at ? formatDate(invoice.created_at) : ''}</td>
                <td style={cell}>{t.reasons[invoice.billing_reason ?? ''] ?? invoice.billing_reason}</td>
                <td style={cell}>{formatEuroCents(invoice.total)}</td>
                <td style={cell}>
                  {t.invoiceStatuses[invoice.status ?? ''] ?? invoice.status}
                  {invoice.next_payment_attempt ? (
                    <div style={muted}>{t.nextAttempt(formatDate(invoice.next_payment_attempt))}</div>
                  ) : null}
                  {invoice.refunded > 0 ? (
                    <div style={muted}>{r.refunded(formatEuroCents(invoice.refunded))}</div>
                  ) : null}
                  {invoice.credit_notes.length > 0 ? (
                    <div style={muted}>{r.creditNotes(invoice.credit_notes.join(', '))}</div>
                  ) : null}
                </td>
                <td style={cell}>
                  <SdiState invoice={invoice} customerId={customerId} />
                </td>
                <td style={cell}>
                  {invoice.invoice_pdf ? (
                    <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer">
                      {t.download}
                    </a>
                  ) : null}
                  <RefundForm invoice={invoice} customerId={customerId} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      </>,
    )
  }

  const problems = await adminEinvoiceProblems(pool)
  return template(
    <>
      {param('riprovata') ? (
        <p role="status" style={{ margin: '0 0 16px' }}>
          {t.retried}
        </p>
      ) : null}
      <EinvoiceProblems problems={problems} />
      <p style={muted}>{t.lead}</p>
      <SearchForm search={search} label={t.search} button={t.searchButton} />
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <AdminTable columns={t.columns}>
            {rows.map((row) => (
              <tr key={row.customer_id}>
                <td style={cell}>
                  <div>
                    {row.user_id ? (
                      <a href={`/admin/abbonati?id=${encodeURIComponent(row.user_id)}`}>{row.name}</a>
                    ) : (
                      row.name
                    )}
                  </div>
                  <div style={muted}>{row.email}</div>
                  <div style={muted}>{row.customer_id}</div>
                </td>
                <td style={cell}>{row.product_name ?? '—'}</td>
                <td style={cell}>{t.statuses[row.status ?? 'none'] ?? row.status}</td>
                <td style={cell}>{row.current_period_end ? formatDate(row.current_period_end) : '—'}</td>
                <td style={cell}>
                  {row.subscription_id
                    ? row.cancel_at_period_end || row.cancel_at
                      ? t.renewalOff
                      : t.renewalOn
                    : '—'}
                  {row.pending_price_id ? <div style={muted}>{t.pendingChange}</div> : null}
                </td>
                <td style={cell}>{adminCardLabel(row) ?? '—'}</td>
                <td style={cell}>
                  <a href={`/admin/abbonamenti?cliente=${encodeURIComponent(row.customer_id)}`}>
                    {row.invoices}
                  </a>
                  {row.open_invoices > 0 ? (
                    <div style={muted}>{t.openInvoices(row.open_invoices)}</div>
                  ) : null}
                </td>
                <td style={cell}>
                  {formatEuroCents(row.paid_total)}
                  {row.last_paid_at ? <div style={muted}>{formatDate(row.last_paid_at)}</div> : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </>,
  )
}
