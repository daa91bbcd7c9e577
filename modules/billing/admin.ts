/**
 * What operators see in /admin (Abbonamenti e pagamenti): every subscriber
 * with a Stripe customer, their subscription, card and payment state, and
 * their invoices. Read-only, from the mirror.
 */
import type { Pool } from 'pg'
import { userIdsMatching, usersByIds } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { formatInvoiceNumber } from './invoice-number.ts'

export type AdminSubscriberRow = {
  user_id: string | null
  email: string | null
  name: string | null
  customer_id: string
  subscription_id: string | null
  product_name: string | null
  status: string | null
  billing_interval: string | null
  current_period_end: Date | null
  cancel_at_period_end: boolean | null
  cancel_at: Date | null
  pending_price_id: string | null
  card_brand: string | null
  card_last4: string | null
  card_exp_month: number | null
  card_exp_year: number | null
  invoices: number
  open_invoices: number
  last_paid_at: Date | null
  paid_total: number
}

/** Subscribers, newest activity first; `search` filters by e-mail, name or Stripe id. */
export async function adminSubscribers(
  pool: Pool,
  options: { search?: string; limit?: number } = {},
): Promise<AdminSubscriberRow[]> {
  const search = options.search?.trim() ? `%${options.search.trim().toLowerCase()}%` : null
  // Accounts whose address or name holds the text: found by the accounts module, matched here by id.
  const matchingUsers = search ? await userIdsMatching(options.search ?? '', { names: true, db: pool }) : []
  const result = await pool.query<AdminSubscriberRow>(
    `select c.user_id, c.email, c.name, c.id as customer_id,
            s.id as subscription_id, s.product_name, s.status, s.billing_interval, s.current_period_end,
            s.cancel_at_period_end, s.cancel_at, s.pending_price_id,
            pm.brand as card_brand, pm.last4 as card_last4, pm.exp_month as card_exp_month, pm.exp_year as card_exp_year,
            (select count(*)::int from billing_invoices i where i.customer_id = c.id and i.status in ('paid', 'open', 'uncollectible')) as invoices,
            (select count(*)::int from billing_invoices i where i.customer_id = c.id and i.status = 'open') as open_invoices,
            (select max(i.paid_at) from billing_invoices i where i.customer_id = c.id) as last_paid_at,
            (select coalesce(sum(i.amount_paid), 0)::int from billing_invoices i where i.customer_id = c.id) as paid_total
       from billing_customers c
       left join lateral (
         select * from billing_subscriptions s where s.customer_id = c.id
          order by case when s.status in ('active', 'trialing', 'past_due') then 0 when s.status = 'unpaid' then 1
                        when s.status = 'incomplete' then 3 else 2 end, s.created_at desc
          limit 1) s on true
       left join lateral (
         select p.brand, p.last4, p.exp_month, p.exp_year from billing_payment_methods p
          where p.customer_id = c.id
          order by (p.id = coalesce(s.default_payment_method, c.data->'invoice_settings'->>'default_payment_method')) desc,
                   p.created_at desc
          limit 1) pm on true
      where not c.deleted
        and ($1::text is null or c.user_id = any($3::text[])
             or lower(coalesce(c.email, '')) like $1 or lower(coalesce(c.name, '')) like $1
             or lower(c.id) like $1 or lower(coalesce(s.id, '')) like $1)
      order by greatest(c.synced_at, coalesce(s.synced_at, c.synced_at)) desc
      limit $2`,
    [search, options.limit ?? 200, matchingUsers],
  )
  // The account's current address and name (the customer's copy only for a customer without account).
  const users = await usersByIds(
    result.rows.map((row) => row.user_id),
    pool,
  )
  return result.rows.map((row) => {
    const user = row.user_id ? users.get(row.user_id) : undefined
    return user ? { ...row, email: user.email, name: user.name } : row
  })
}

/** The subscriber's card as operators read it: 'visa •••• 4242 · scade 12/2030', or null without one. */
export function adminCardLabel(row: AdminSubscriberRow): string | null {
  if (!row.card_brand) return null
  const expiry =
    row.card_exp_month && row.card_exp_year
      ? ` · ${it.billing.manage.paymentMethod.expires(row.card_exp_month, row.card_exp_year)}`
      : ''
  return `${row.card_brand} •••• ${row.card_last4 ?? ''}${expiry}`
}

export type AdminInvoiceRow = {
  id: string
  number: string | null
  status: string | null
  billing_reason: string | null
  created_at: Date | null
  paid_at: Date | null
  next_payment_attempt: Date | null
  total: number
  amount_paid: number
  /** The portal's PDF once issued (numbered), else Stripe's page of the invoice. */
  invoice_pdf: string | null
  /** The last transmission of its electronic file to SDI: state, SDI's identifier, rejection errors, last failure. */
  sdi_state: string | null
  sdi_id: string | null
  sdi_errors: { code: string; description: string }[] | null
  sdi_last_error: string | null
  /** What its refunds gave back (cents), and the numbers of their credit notes. */
  refunded: number
  credit_notes: string[]
}

/** One customer's invoices, newest first; a paid one with the portal's number ('123/2026'). */
export async function adminInvoices(pool: Pool, customerId: string): Promise<AdminInvoiceRow[]> {
  const result = await pool.query<
    AdminInvoiceRow & { invoice_year: number | null; invoice_number: number | null }
  >(
    `select i.id, i.number, i.status, i.billing_reason, i.created_at, i.paid_at, i.next_payment_attempt, i.total,
            i.amount_paid, i.invoice_pdf, n.year as invoice_year, n.number as invoice_number,
            t.state as sdi_state, t.sdi_id, t.errors as sdi_errors, t.last_error as sdi_last_error,
            coalesce((select sum(c.amount) from billing_credit_notes c where c.invoice_id = i.id), 0)::integer
              as refunded,
            coalesce((select array_agg(cn.number || '/' || cn.year order by cn.number)
                        from billing_credit_notes c join billing_invoice_numbers cn on cn.invoice_id = c.refund_id
                       where c.invoice_id = i.id), '{}') as credit_notes
       from billing_invoices i left join billing_invoice_numbers n on n.invoice_id = i.id
       left join lateral (select state, sdi_id, errors, last_error from billing_sdi_transmissions
                           where invoice_id = i.id order by id desc limit 1) t on true
      where i.customer_id = $1 and i.status <> 'draft' order by i.created_at desc limit 100`,
    [customerId],
  )
  return result.rows.map(({ invoice_year, invoice_number, ...row }) => ({
    ...row,
    ...(invoice_year != null && invoice_number != null
      ? {
          number: formatInvoiceNumber({ year: invoice_year, number: invoice_number }),
          invoice_pdf: `/cms/api/fatture/${encodeURIComponent(row.id)}/pdf`,
        }
      : {}),
  }))
}

/** An electronic file refused before sending (`invalid`): what operators must correct, and where. */
export type AdminEinvoiceProblem = {
  /** The invoice the 'Riprova' form names (for a credit note, the invoice it corrects). */
  invoice_id: string
  kind: 'TD01' | 'TD04'
  number: string
  customer_id: string | null
  email: string | null
  /** The reason, naming each field ('Acquirente › Paese (Nazione): …'). */
  reason: string | null
  since: Date
}

/** Every file flagged `invalid`, oldest first: shown at the top of /admin/abbonamenti until corrected. */
export async function adminEinvoiceProblems(pool: Pool): Promise<AdminEinvoiceProblem[]> {
  const result = await pool.query<
    Omit<AdminEinvoiceProblem, 'number'> & { year: number; number: number; user_id: string | null }
  >(
    `select coalesce(cn.invoice_id, t.invoice_id) as invoice_id, t.kind, n.year, n.number, i.customer_id,
            i.user_id, c.email, t.last_error as reason, t.created_at as since
       from billing_sdi_transmissions t
       join billing_invoice_numbers n on n.invoice_id = t.invoice_id
       left join billing_credit_notes cn on cn.refund_id = t.invoice_id
       left join billing_invoices i on i.id = coalesce(cn.invoice_id, t.invoice_id)
       left join billing_customers c on c.id = i.customer_id
      where t.state = 'invalid'
      order by t.id
      limit 200`,
  )
  const users = await usersByIds(
    result.rows.map((row) => row.user_id),
    pool,
  )
  return result.rows.map(({ year, number, user_id, ...row }) => ({
    ...row,
    number: formatInvoiceNumber({ year, number }),
    email: (user_id ? users.get(user_id)?.email : undefined) ?? row.email,
  }))
}
