/**
 * The invoices' progressive number, one series per calendar year (Europe/Rome),
 * written '123/2026'. A paid invoice gets its number once, in the transaction
 * of the webhook (or reconciliation) that mirrors it as paid: the year's
 * counter row is locked (`for update`), so numbers never repeat and never skip
 * a value, whichever instance and however many deliveries; an invoice already
 * numbered keeps its number. The seller's and the buyer's data and the card
 * are kept with the number as they were at that moment: a later change of
 * either party's data does not rewrite an invoice already issued. A new
 * number queues the invoice's electronic file for SDI (`einvoice/`).
 */
import type { PoolClient } from 'pg'
import type Stripe from 'stripe'
import type { Seller } from '../italian-identifiers/index.ts'
import { queueFattura } from './einvoice/queue-fattura.ts'

/** The tables of the numbering, applied by the migration `20261126_102026_invoice_numbers`. */
export const invoiceNumbersSchema = {
  up: /* sql */ `
create table if not exists billing_invoice_counters (
  year integer primary key,
  last_number integer not null check (last_number >= 0)
);
create table if not exists billing_invoice_numbers (
  invoice_id text primary key,
  year integer not null,
  number integer not null check (number > 0),
  issued_at timestamptz not null,
  buyer jsonb,
  card jsonb,
  created_at timestamptz not null default now(),
  unique (year, number)
);
-- Invoices already paid and not numbered yet get the next numbers of their year, in the order they were paid.
insert into billing_invoice_numbers (invoice_id, year, number, issued_at)
select id, year,
       coalesce((select max(n.number) from billing_invoice_numbers n where n.year = paid.year), 0)
         + row_number() over (partition by year order by paid_at, id),
       paid_at
  from (select i.id, i.paid_at, extract(year from i.paid_at at time zone 'Europe/Rome')::integer as year
          from billing_invoices i
         where i.status = 'paid' and i.paid_at is not null and i.total > 0
           and not exists (select 1 from billing_invoice_numbers n where n.invoice_id = i.id)) paid
on conflict (invoice_id) do nothing;
insert into billing_invoice_counters (year, last_number)
select year, max(number) from billing_invoice_numbers group by year
on conflict (year) do update set last_number = greatest(billing_invoice_counters.last_number, excluded.last_number);
`,
  down: /* sql */ `
drop table if exists billing_invoice_numbers;
drop table if exists billing_invoice_counters;
`,
}

/** The seller kept with each number, applied by the migration `20261126_111007_invoice_seller`. */
export const invoiceSellerSchema = {
  up: /* sql */ `alter table billing_invoice_numbers add column if not exists seller jsonb;`,
  down: /* sql */ `alter table billing_invoice_numbers drop column if exists seller;`,
}

/** An invoice's number in its year's series. */
export type InvoiceNumber = { year: number; number: number; issuedAt: Date }

/** '123/2026': the number, then the year (the usual Italian form). */
export function formatInvoiceNumber(value: Pick<InvoiceNumber, 'year' | 'number'>): string {
  return `${value.number}/${value.year}`
}

/** 'fattura-2026-000123.pdf': sorts by year and number in a folder. */
export function invoiceFileName(value: Pick<InvoiceNumber, 'year' | 'number'>): string {
  return `fattura-${value.year}-${String(value.number).padStart(6, '0')}.pdf`
}

/** Whether an invoice as Stripe holds it is one the portal numbers: paid, for an amount. */
export function isNumbered(
  invoice: Pick<Stripe.Invoice, 'status' | 'total' | 'status_transitions'>,
): boolean {
  return invoice.status === 'paid' && invoice.total > 0 && invoice.status_transitions.paid_at != null
}

type NumberRow = { year: number; number: number; issued_at: Date }

/**
 * Gives a paid invoice (already mirrored in `billing_invoices`) its number,
 * in the caller's transaction, with the seller as it is now (null while the
 * seller's data are incomplete: the PDF then reads them when downloaded);
 * returns the number it has, new or not. Invoices not paid, or of no amount, get none.
 */
export async function assignInvoiceNumber(
  client: PoolClient,
  invoice: Pick<Stripe.Invoice, 'id' | 'status' | 'total' | 'status_transitions'>,
  seller: Seller | null = null,
): Promise<InvoiceNumber | null> {
  if (!isNumbered(invoice)) return null
  const paidAt = new Date((invoice.status_transitions.paid_at ?? 0) * 1000)
  const year = await client.query<{ year: number }>(
    `select extract(year from $1::timestamptz at time zone 'Europe/Rome')::integer as year`,
    [paidAt],
  )
  const series = year.rows[0]?.year ?? paidAt.getUTCFullYear()
  await client.query(
    'insert into billing_invoice_counters (year, last_number) values ($1, 0) on conflict (year) do nothing',
    [series],
  )
  // Every assignment of the year waits here for the one before it to commit.
  await client.query('select last_number from billing_invoice_counters where year = $1 for update', [series])
  const existing = await client.query<NumberRow>(
    'select year, number, issued_at from billing_invoice_numbers where invoice_id = $1',
    [invoice.id],
  )
  const known = existing.rows[0]
  if (known) return { year: known.year, number: known.number, issuedAt: known.issued_at }
  const next = await client.query<{ last_number: number }>(
    'update billing_invoice_counters set last_number = last_number + 1 where year = $1 returning last_number',
    [series],
  )
  const number = next.rows[0]?.last_number ?? 0
  // The seller as given, the buyer and the card as the mirror holds them now, kept with the invoice.
  const inserted = await client.query(
    `insert into billing_invoice_numbers (invoice_id, year, number, issued_at, seller, buyer, card)
     select i.id, $2, $3, $4, $5::jsonb, c.data,
            (select jsonb_build_object('brand', pm.brand, 'last4', pm.last4)
               from billing_payment_methods pm
              where pm.id = coalesce(s.default_payment_method,
                                     c.data -> 'invoice_settings' ->> 'default_payment_method'))
       from billing_invoices i
       left join billing_customers c on c.id = i.customer_id
       left join billing_subscriptions s on s.id = i.subscription_id
      where i.id = $1`,
    [invoice.id, series, number, paidAt, seller ? JSON.stringify(seller) : null],
  )
  // Never a number without its invoice: the counter's step is rolled back with the transaction.
  if (inserted.rowCount !== 1) throw new Error(`Fattura ${invoice.id} non presente nel mirror`)
  // Its electronic file for SDI, queued in the same transaction: never a number without its file.
  await queueFattura(client, invoice.id)
  return { year: series, number, issuedAt: paidAt }
}
