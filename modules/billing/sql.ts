/**
 * The billing mirror, version 1, applied by the Payload migration
 * `20261123_120000_billing`: Stripe's customers, subscriptions, invoices and
 * payment methods as last read from Stripe, and the webhook events already
 * processed. Written only by the webhook handlers and the reconciliation job;
 * `data` keeps Stripe's whole object, the columns what the portal queries.
 */
export const billingSchemaV1 = {
  up: /* sql */ `
create table if not exists billing_customers (
  id text primary key,
  user_id text,
  email text,
  name text,
  deleted boolean not null default false,
  data jsonb not null,
  created_at timestamptz,
  synced_at timestamptz not null default now()
);
create index if not exists billing_customers_user_idx on billing_customers (user_id);
create index if not exists billing_customers_email_idx on billing_customers (lower(email));

create table if not exists billing_subscriptions (
  id text primary key,
  customer_id text not null,
  user_id text,
  status text not null,
  plan text check (plan in ('premium', 'professional')),
  studio boolean not null default false,
  product_id text,
  product_name text,
  product_description text,
  price_id text,
  unit_amount integer,
  billing_interval text,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  cancel_at timestamptz,
  canceled_at timestamptz,
  ended_at timestamptz,
  default_payment_method text,
  latest_invoice_id text,
  schedule_id text,
  pending_price_id text,
  pending_from timestamptz,
  data jsonb not null,
  created_at timestamptz,
  synced_at timestamptz not null default now()
);
create index if not exists billing_subscriptions_user_idx on billing_subscriptions (user_id, created_at desc);
create index if not exists billing_subscriptions_customer_idx on billing_subscriptions (customer_id);

create table if not exists billing_invoices (
  id text primary key,
  customer_id text not null,
  subscription_id text,
  user_id text,
  number text,
  status text,
  billing_reason text,
  currency text not null default 'eur',
  amount_due integer not null,
  amount_paid integer not null,
  total integer not null,
  period_start timestamptz,
  period_end timestamptz,
  paid_at timestamptz,
  next_payment_attempt timestamptz,
  invoice_pdf text,
  hosted_invoice_url text,
  data jsonb not null,
  created_at timestamptz,
  synced_at timestamptz not null default now()
);
create index if not exists billing_invoices_user_idx on billing_invoices (user_id, created_at desc);
create index if not exists billing_invoices_customer_idx on billing_invoices (customer_id, created_at desc);

create table if not exists billing_payment_methods (
  id text primary key,
  customer_id text not null,
  user_id text,
  brand text,
  last4 text,
  exp_month integer,
  exp_year integer,
  data jsonb not null,
  created_at timestamptz,
  synced_at timestamptz not null default now()
);
create index if not exists billing_payment_methods_customer_idx on billing_payment_methods (customer_id);

create table if not exists billing_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index if not exists billing_events_received_idx on billing_events (received_at desc);
`,
  down: /* sql */ `
drop table if exists billing_events;
drop table if exists billing_payment_methods;
drop table if exists billing_invoices;
drop table if exists billing_subscriptions;
drop table if exists billing_customers;
`,
}

/**
 * The fiscal archive (migration `20261127_040000_account_erasure`): the
 * customers of deleted accounts. Their invoices, the invoices' numbers with
 * the buyer's data and the customer's billing data stay in the billing tables
 * for the 10 years fiscal law requires (`retain_until`), detached from the
 * account (`user_id` cleared), so only operators and the invoice machinery
 * read them; the archive keeps which account they were.
 */
export const fiscalArchiveSchemaV1 = {
  up: /* sql */ `
create table if not exists billing_fiscal_archive (
  customer_id text primary key,
  user_id text not null,
  erased_at timestamptz not null,
  retain_until timestamptz not null
);
create index if not exists billing_fiscal_archive_user_idx on billing_fiscal_archive (user_id);
create index if not exists billing_fiscal_archive_retain_idx on billing_fiscal_archive (retain_until);
`,
  down: /* sql */ `
drop table if exists billing_fiscal_archive;
`,
}
