/**
 * The billing side of deleting an account. The running subscription ends at
 * the end of the period already paid or at once, as the holder chose; the
 * cards are detached in Stripe and leave the mirror; the Stripe customer is
 * marked erased (its `user_id` removed, so no webhook or reconciliation links
 * it to an account again, not even to a new account with the same address).
 * The invoices, their numbers with the buyer's data, and the customer's
 * billing data are what fiscal law requires for 10 years: they stay (without
 * the phone, the profession or any other note, in Stripe, in the mirror and
 * in the buyer kept with each number: only what an invoice needs), detached
 * from the account (`user_id` cleared), recorded in `billing_fiscal_archive`
 * with the date until which they are kept. Operators still find them in
 * /admin (Abbonamenti e pagamenti) by the customer's name or address; the
 * profile and the API no longer do.
 */
import { getLogger } from '../platform/index.ts'
import { getBillingPool, inBillingTransaction } from './runtime.ts'
import { metadataKeys } from './schemas.ts'
import { getBillingStripe } from './stripe.ts'
import { RUNNING } from './subscriptions.ts'

/** How long invoices and their billing data are kept (art. 2220 c.c.: 10 years). */
export const FISCAL_RETENTION_YEARS = 10

/** The customer's metadata an invoice needs, kept after the account is deleted (with the erasure's mark). */
const FISCAL_METADATA = new Set([
  metadataKeys.codiceFiscale,
  metadataKeys.partitaIva,
  metadataKeys.pec,
  metadataKeys.uniqueCode,
  'account_erased_at',
])

/**
 * A customer's JSON (`$col`) with the phone cleared and only the fiscal metadata keys (`$2`) kept:
 * for the mirror's copy and the buyers kept with the invoice numbers.
 */
const FISCAL_ONLY = `jsonb_set($col || '{"phone": null}'::jsonb, '{metadata}',
  coalesce((select jsonb_object_agg(key, value) from jsonb_each($col->'metadata') where key = any($2::text[])),
           '{}'::jsonb))`

/** When a deleted account's running subscription ends. */
export type SubscriptionEnd = 'period_end' | 'now'

/** What became of the account's billing data. */
export type BillingErasure = {
  /** The subscription that was running: its plan and when it ends (null without one). */
  subscription: { id: string; productName: string | null; endsAt: Date | null; end: SubscriptionEnd } | null
  /** Customers kept in the fiscal archive. */
  archivedCustomers: number
  /** Until when their invoices are kept. */
  retainUntil: Date
}

type SubscriptionRow = {
  id: string
  status: string
  product_name: string | null
  current_period_end: Date | null
  cancel_at: Date | null
  schedule_id: string | null
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'resource_missing'

/** The account's running subscription as the mirror holds it (what the deletion form offers to end). */
export async function runningSubscriptionOf(
  userId: string,
): Promise<{ id: string; productName: string | null; periodEnd: Date | null } | null> {
  const pool = await getBillingPool()
  const result = await pool.query<SubscriptionRow>(
    `select id, status, product_name, current_period_end, cancel_at, schedule_id from billing_subscriptions
      where user_id = $1 and status = any($2::text[]) order by created_at desc limit 1`,
    [userId, [...RUNNING]],
  )
  const row = result.rows[0]
  return row
    ? { id: row.id, productName: row.product_name, periodEnd: row.cancel_at ?? row.current_period_end }
    : null
}

/** Ends the subscriptions, detaches the cards and archives the invoices of a deleted account. */
export async function eraseBillingData(options: {
  userId: string
  subscriptionEnd: SubscriptionEnd
  now?: Date
}): Promise<BillingErasure> {
  const { userId, subscriptionEnd } = options
  const now = options.now ?? new Date()
  const pool = await getBillingPool()
  const { stripe } = getBillingStripe()
  const running = await pool.query<SubscriptionRow>(
    `select id, status, product_name, current_period_end, cancel_at, schedule_id from billing_subscriptions
      where user_id = $1 and status = any($2::text[]) order by created_at desc`,
    [userId, [...RUNNING]],
  )
  let ended: BillingErasure['subscription'] = null
  for (const row of running.rows) {
    // A pending plan change (a schedule) would renew the subscription: released first.
    if (row.schedule_id) {
      try {
        await stripe.subscriptionSchedules.release(row.schedule_id)
      } catch (error) {
        if (!isMissing(error)) throw error
      }
    }
    if (subscriptionEnd === 'now') {
      await stripe.subscriptions.cancel(row.id)
      ended ??= { id: row.id, productName: row.product_name, endsAt: now, end: 'now' }
    } else {
      const updated = row.cancel_at
        ? await stripe.subscriptions.retrieve(row.id)
        : await stripe.subscriptions.update(row.id, { cancel_at_period_end: true })
      const endsAt = updated.cancel_at ?? updated.items.data[0]?.current_period_end ?? null
      ended ??= {
        id: row.id,
        productName: row.product_name,
        endsAt: endsAt ? new Date(endsAt * 1000) : row.current_period_end,
        end: 'period_end',
      }
    }
  }

  const customers = await pool.query<{ id: string }>(
    'select id from billing_customers where user_id = $1 and not deleted',
    [userId],
  )
  const customerIds = customers.rows.map((row) => row.id)
  const cards = await pool.query<{ id: string }>(
    'select id from billing_payment_methods where user_id = $1 or customer_id = any($2::text[])',
    [userId, customerIds],
  )
  for (const card of cards.rows) {
    try {
      await stripe.paymentMethods.detach(card.id)
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }
  for (const customerId of customerIds) {
    const customer = await stripe.customers.retrieve(customerId)
    const metadata = customer.deleted ? {} : customer.metadata
    // Only what an invoice needs stays (art. 21 DPR 633/72): name, address, tax ids, PEC and codice
    // univoco. The phone, the profession and any other note are cleared (Stripe removes a key set to '').
    await stripe.customers.update(customerId, {
      phone: '',
      metadata: {
        ...Object.fromEntries(
          Object.keys(metadata)
            .filter((key) => !FISCAL_METADATA.has(key))
            .map((key) => [key, '']),
        ),
        user_id: '',
        account_erased_at: now.toISOString(),
      },
    })
  }

  const retainUntil = new Date(now)
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + FISCAL_RETENTION_YEARS)
  await inBillingTransaction(async (client) => {
    await client.query(
      `insert into billing_fiscal_archive (customer_id, user_id, erased_at, retain_until)
       select id, $1, $3, $4 from unnest($2::text[]) as id
       on conflict (customer_id) do nothing`,
      [userId, customerIds, now, retainUntil],
    )
    await client.query(
      'update billing_customers set user_id = null where user_id = $1 or id = any($2::text[])',
      [userId, customerIds],
    )
    // The mirror and the buyer kept with each invoice number lose the same data as the Stripe customer
    // (the webhook of the update would clear the mirror's copy later; the numbers' copies it never would).
    await client.query(
      `update billing_customers set data = ${FISCAL_ONLY.replaceAll('$col', 'data')} where id = any($1::text[])`,
      [customerIds, [...FISCAL_METADATA]],
    )
    await client.query(
      `update billing_invoice_numbers n set buyer = ${FISCAL_ONLY.replaceAll('$col', 'n.buyer')}
         from billing_invoices i
        where i.id = n.invoice_id and n.buyer is not null and i.customer_id = any($1::text[])`,
      [customerIds, [...FISCAL_METADATA]],
    )
    await client.query(
      'update billing_subscriptions set user_id = null where user_id = $1 or customer_id = any($2::text[])',
      [userId, customerIds],
    )
    await client.query(
      'update billing_invoices set user_id = null where user_id = $1 or customer_id = any($2::text[])',
      [userId, customerIds],
    )
    await client.query(
      'delete from billing_payment_methods where user_id = $1 or customer_id = any($2::text[])',
      [userId, customerIds],
    )
  })
  getLogger().info(
    { userId, customers: customerIds.length, subscription: ended?.id ?? null, end: subscriptionEnd },
    'Abbonamento terminato e fatture archiviate per un account eliminato',
  )
  return { subscription: ended, archivedCustomers: customerIds.length, retainUntil }
}

/** Whether a Stripe customer belongs to a deleted account (its metadata says so): never linked to an account again. */
export function customerErased(metadata: Record<string, string>): boolean {
  return Boolean(metadata.account_erased_at)
}
