/**
 * The billing mirror's rows of one subscriber, for the data export: the
 * customer's billing data, subscriptions, invoices (with their number and the
 * buyer's data kept with it) and saved cards (brand, last digits, expiry:
 * the card number itself is only at Stripe).
 */
import type { Pool } from 'pg'

export type BillingDataExport = {
  dati_fatturazione: Record<string, unknown>[]
  abbonamenti: Record<string, unknown>[]
  fatture: Record<string, unknown>[]
  carte: Record<string, unknown>[]
}

/** The subscriber's rows in the billing tables (by account, or by the account's Stripe customers). */
export async function exportAccountData(options: { pool: Pool; userId: string }): Promise<BillingDataExport> {
  const { pool, userId } = options
  const customers = await pool.query<{ id: string } & Record<string, unknown>>(
    `select id, email, name, data -> 'address' as indirizzo, data ->> 'phone' as telefono,
            data -> 'metadata' as dati_aggiuntivi, created_at
       from billing_customers where user_id = $1 and not deleted order by created_at`,
    [userId],
  )
  const customerIds = customers.rows.map((row) => row.id)
  const [subscriptions, invoices, cards] = await Promise.all([
    pool.query(
      `select id, status, plan, studio, product_name, unit_amount, billing_interval,
              current_period_start, current_period_end, cancel_at_period_end, canceled_at, ended_at, created_at
         from billing_subscriptions
        where user_id = $1 or customer_id = any($2::text[]) order by created_at`,
      [userId, customerIds],
    ),
    pool.query(
      `select i.id, n.number || '/' || n.year as numero, i.status, i.billing_reason, i.currency, i.total,
              i.amount_paid, i.period_start, i.period_end, i.paid_at, i.created_at, n.buyer -> 'address' as indirizzo_intestatario,
              n.buyer ->> 'name' as intestatario, n.buyer -> 'metadata' as dati_intestatario
         from billing_invoices i
         left join billing_invoice_numbers n on n.invoice_id = i.id
        where i.user_id = $1 or i.customer_id = any($2::text[]) order by i.created_at`,
      [userId, customerIds],
    ),
    pool.query(
      `select brand, last4, exp_month, exp_year, created_at
         from billing_payment_methods
        where user_id = $1 or customer_id = any($2::text[]) order by created_at`,
      [userId, customerIds],
    ),
  ])
  return {
    dati_fatturazione: customers.rows,
    abbonamenti: subscriptions.rows,
    fatture: invoices.rows,
    carte: cards.rows,
  }
}
