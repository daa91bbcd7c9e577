/**
 * Writes the billing mirror from Stripe: each function re-reads the object
 * from Stripe (never trusting an event's copy, which may be stale or arrive
 * out of order) and upserts it by Stripe id, under a per-object advisory lock
 * so two handlers of the same object write in the order they read.
 */
import type { PoolClient } from 'pg'
import type Stripe from 'stripe'
import { userIdByEmail } from '../accounts/index.ts'
import { customerErased } from './erase-billing-data.ts'
import { grantedAccess, reportAccessChange } from './access-change.ts'
import { planOfName } from './catalogue.ts'

type Ctx = { client: PoolClient; stripe: Stripe }

const toDate = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000))
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

async function lock(client: PoolClient, id: string) {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [id])
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'resource_missing'

/**
 * The portal account of a customer: its `metadata.user_id`, else the account
 * with its e-mail; none for the customer of a deleted account.
 */
async function userOf(client: PoolClient, customer: Stripe.Customer): Promise<string | null> {
  if (customerErased(customer.metadata)) return null
  const fromMetadata = customer.metadata.user_id
  if (fromMetadata) return fromMetadata
  if (!customer.email) return null
  return userIdByEmail(customer.email, client)
}

export async function syncCustomer(ctx: Ctx, customerId: string): Promise<string | null> {
  await lock(ctx.client, customerId)
  let customer: Stripe.Customer | Stripe.DeletedCustomer
  try {
    customer = await ctx.stripe.customers.retrieve(customerId)
  } catch (error) {
    if (!isMissing(error)) throw error
    await ctx.client.query('update billing_customers set deleted = true, synced_at = now() where id = $1', [
      customerId,
    ])
    return null
  }
  if (customer.deleted) {
    await ctx.client.query('update billing_customers set deleted = true, synced_at = now() where id = $1', [
      customerId,
    ])
    return null
  }
  const userId = await userOf(ctx.client, customer)
  await ctx.client.query(
    `insert into billing_customers (id, user_id, email, name, deleted, data, created_at, synced_at)
     values ($1, $2, $3, $4, false, $5, $6, now())
     on conflict (id) do update set user_id = excluded.user_id, email = excluded.email, name = excluded.name,
       deleted = false, data = excluded.data, synced_at = now()`,
    [
      customer.id,
      userId,
      customer.email,
      customer.name ?? null,
      JSON.stringify(customer),
      toDate(customer.created),
    ],
  )
  return userId
}

/** The customer's account, syncing the customer first when the mirror does not know it yet (events out of order). */
async function ensureCustomer(ctx: Ctx, customerId: string): Promise<string | null> {
  const known = await ctx.client.query<{ user_id: string | null }>(
    'select user_id from billing_customers where id = $1',
    [customerId],
  )
  if (known.rows[0]) return known.rows[0].user_id
  return syncCustomer(ctx, customerId)
}

export async function syncSubscription(ctx: Ctx, subscriptionId: string): Promise<void> {
  await lock(ctx.client, subscriptionId)
  let sub: Stripe.Subscription
  try {
    sub = await ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: ['items.data.price.product'] })
  } catch (error) {
    if (isMissing(error)) return
    throw error
  }
  const customerId = idOf(sub.customer) ?? ''
  const userId = await ensureCustomer(ctx, customerId)
  const item = sub.items.data[0]
  const price = item?.price
  const product = price && typeof price.product === 'object' ? (price.product as Stripe.Product) : null
  const kind = product ? planOfName(product.name) : null
  // A change of plan waiting for the end of the period (a schedule's next phase).
  let pendingPrice: string | null = null
  let pendingFrom: number | null = null
  const scheduleId = idOf(sub.schedule as string | null)
  if (scheduleId) {
    const schedule = await ctx.stripe.subscriptionSchedules.retrieve(scheduleId)
    const next = schedule.phases.find((phase) => phase.start_date > (item?.current_period_start ?? 0))
    const nextPrice = next?.items[0]?.price
    if (next && nextPrice) {
      pendingPrice = idOf(nextPrice as string | { id: string })
      pendingFrom = next.start_date
    }
  }
  // The account's access before this write, to tell the listeners when it changes.
  const before = userId ? await grantedAccess(ctx.client, userId) : null
  await ctx.client.query(
    `insert into billing_subscriptions (id, customer_id, user_id, status, plan, studio, product_id, product_name,
       product_description, price_id, unit_amount, billing_interval, current_period_start, current_period_end,
       cancel_at_period_end, cancel_at, canceled_at, ended_at, default_payment_method, latest_invoice_id,
       schedule_id, pending_price_id, pending_from, data, created_at, synced_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, now())
     on conflict (id) do update set customer_id = excluded.customer_id, user_id = excluded.user_id,
       status = excluded.status, plan = excluded.plan, studio = excluded.studio, product_id = excluded.product_id,
       product_name = excluded.product_name, product_description = excluded.product_description,
       price_id = excluded.price_id, unit_amount = excluded.unit_amount, billing_interval = excluded.billing_interval,
       current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, cancel_at = excluded.cancel_at,
       canceled_at = excluded.canceled_at, ended_at = excluded.ended_at,
       default_payment_method = excluded.default_payment_method, latest_invoice_id = excluded.latest_invoice_id,
       schedule_id = excluded.schedule_id, pending_price_id = excluded.pending_price_id,
       pending_from = excluded.pending_from, data = excluded.data, synced_at = now()`,
    [
      sub.id,
      customerId,
      userId,
      sub.status,
      kind?.plan ?? null,
      kind?.studio ?? false,
      product?.id ?? (price ? idOf(price.product as string) : null),
      product?.name ?? null,
      product?.description ?? null,
      price?.id ?? null,
      price?.unit_amount ?? null,
      price?.recurring?.interval ?? null,
      toDate(item?.current_period_start),
      toDate(item?.current_period_end),
      sub.cancel_at_period_end,
      toDate(sub.cancel_at),
      toDate(sub.canceled_at),
      toDate(sub.ended_at),
      idOf(sub.default_payment_method as string | null),
      idOf(sub.latest_invoice as string | null),
      scheduleId,
      pendingPrice,
      toDate(pendingFrom),
      JSON.stringify(sub),
      toDate(sub.created),
    ],
  )
  if (userId) await reportAccessChange(ctx.client, userId, before)
}

export async function syncInvoice(ctx: Ctx, invoiceId: string): Promise<Stripe.Invoice | null> {
  await lock(ctx.client, invoiceId)
  let invoice: Stripe.Invoice
  try {
    invoice = await ctx.stripe.invoices.retrieve(invoiceId)
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
  const customerId = idOf(invoice.customer as string | null) ?? ''
  const userId = await ensureCustomer(ctx, customerId)
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null)
  await ctx.client.query(
    `insert into billing_invoices (id, customer_id, subscription_id, user_id, number, status, billing_reason, currency,
       amount_due, amount_paid, total, period_start, period_end, paid_at, next_payment_attempt, invoice_pdf,
       hosted_invoice_url, data, created_at, synced_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now())
     on conflict (id) do update set user_id = excluded.user_id, number = excluded.number, status = excluded.status,
       amount_due = excluded.amount_due, amount_paid = excluded.amount_paid, total = excluded.total,
       paid_at = excluded.paid_at, next_payment_attempt = excluded.next_payment_attempt,
       invoice_pdf = excluded.invoice_pdf, hosted_invoice_url = excluded.hosted_invoice_url,
       data = excluded.data, synced_at = now()`,
    [
      invoice.id,
      customerId,
      subscriptionId,
      userId,
      invoice.number,
      invoice.status,
      invoice.billing_reason,
      invoice.currency,
      invoice.amount_due,
      invoice.amount_paid,
      invoice.total,
      toDate(invoice.period_start),
      toDate(invoice.period_end),
      toDate(invoice.status_transitions.paid_at),
      toDate(invoice.next_payment_attempt),
      invoice.invoice_pdf ?? null,
      invoice.hosted_invoice_url ?? null,
      JSON.stringify(invoice),
      toDate(invoice.created),
    ],
  )
  return invoice
}

/** Re-reads every card of a customer: attached ones are upserted, the others removed. */
export async function syncPaymentMethods(ctx: Ctx, customerId: string): Promise<void> {
  await lock(ctx.client, `pm:${customerId}`)
  const userId = await ensureCustomer(ctx, customerId)
  let methods: Stripe.PaymentMethod[]
  try {
    methods = (await ctx.stripe.customers.listPaymentMethods(customerId, { limit: 100 })).data
  } catch (error) {
    if (!isMissing(error)) throw error
    methods = []
  }
  await ctx.client.query(
    'delete from billing_payment_methods where customer_id = $1 and not (id = any($2))',
    [customerId, methods.map((method) => method.id)],
  )
  for (const method of methods) {
    await ctx.client.query(
      `insert into billing_payment_methods (id, customer_id, user_id, brand, last4, exp_month, exp_year, data, created_at, synced_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       on conflict (id) do update set customer_id = excluded.customer_id, user_id = excluded.user_id,
         brand = excluded.brand, last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year,
         data = excluded.data, synced_at = now()`,
      [
        method.id,
        customerId,
        userId,
        method.card?.brand ?? null,
        method.card?.last4 ?? null,
        method.card?.exp_month ?? null,
        method.card?.exp_year ?? null,
        JSON.stringify(method),
        toDate(method.created),
      ],
    )
  }
}
