/**
 * The transmissions of the electronic invoices to SDI, applied by the
 * migration `20261127_032437_sdi_transmissions`. One row per file sent (a
 * resend after a rejection is a new row with a new progressivo, the same
 * invoice number); at most one row per invoice that is not rejected. The row
 * is written in the transaction that numbers the invoice, so a file is never
 * lost: the job builds, sends and follows it from here.
 */
export const sdiTransmissionsSchema = {
  up: /* sql */ `
create sequence if not exists billing_sdi_progressive;
create table if not exists billing_sdi_transmissions (
  id bigserial primary key,
  invoice_id text not null references billing_invoice_numbers (invoice_id),
  kind text not null check (kind in ('TD01', 'TD04')),
  state text not null default 'pending'
    check (state in ('pending', 'sent', 'delivered', 'undeliverable', 'rejected')),
  progressive text unique,
  file_name text,
  xml text,
  sdi_id text,
  errors jsonb,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  outcome_at timestamptz
);
create unique index if not exists billing_sdi_transmissions_open
  on billing_sdi_transmissions (invoice_id) where state <> 'rejected';
create index if not exists billing_sdi_transmissions_due
  on billing_sdi_transmissions (next_attempt_at) where state in ('pending', 'sent');
`,
  down: /* sql */ `
drop table if exists billing_sdi_transmissions;
drop sequence if exists billing_sdi_progressive;
`,
}

/**
 * Version 2 (migration `20261127_130000_sdi_invalid_files`): a file whose data
 * fail the format's rules is `invalid` (da correggere) with the reason naming
 * the field, never retried by the job; operators correct the data and press
 * 'Riprova' in /admin/abbonamenti, which puts it back to `pending`.
 */
export const sdiTransmissionsSchemaV2 = {
  up: /* sql */ `
alter table billing_sdi_transmissions drop constraint if exists billing_sdi_transmissions_state_check;
alter table billing_sdi_transmissions add constraint billing_sdi_transmissions_state_check
  check (state in ('pending', 'invalid', 'sent', 'delivered', 'undeliverable', 'rejected'));
create index if not exists billing_sdi_transmissions_invalid
  on billing_sdi_transmissions (invoice_id) where state = 'invalid';
`,
  down: /* sql */ `
drop index if exists billing_sdi_transmissions_invalid;
update billing_sdi_transmissions set state = 'pending' where state = 'invalid';
alter table billing_sdi_transmissions drop constraint if exists billing_sdi_transmissions_state_check;
alter table billing_sdi_transmissions add constraint billing_sdi_transmissions_state_check
  check (state in ('pending', 'sent', 'delivered', 'undeliverable', 'rejected'));
`,
}
