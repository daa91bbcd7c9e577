/**
 * The SQL of the mail outbox, version 1. The Payload migration
 * `cms/migrations/20261122_235910_mail_outbox.ts` applies exactly this text; a
 * later change gets a new version and a new migration, never an edit here.
 *
 * One row per mail. `status` goes pending → sent, or pending → failed after the
 * last attempt (or at once for a mail that can never be delivered). `data` is
 * the template's JSON, cleared once the mail is sent: it may hold a generated
 * password or a one-time link. `dedupe_key` (unique, optional) makes an enqueue
 * idempotent. The partial index serves the sender's "due now" query.
 */
export const mailOutboxSchemaV1 = {
  up: /* sql */ `
create table if not exists mail_outbox (
  id bigserial primary key,
  recipient text not null,
  template text not null,
  subject text not null,
  data jsonb,
  dedupe_key text unique,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);

create index if not exists mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where status = 'pending';
create index if not exists mail_outbox_failed_idx on mail_outbox (updated_at desc) where status = 'failed';
create index if not exists mail_outbox_recipient_idx on mail_outbox (lower(recipient), created_at desc);
`,
  down: /* sql */ `
drop table if exists mail_outbox;
`,
}

/**
 * Dedupe keys that held a token in clear (`password-reset:<token>`,
 * `email-changed:<code>`, written before the keys took the token's digest):
 * cleared by the migration `20261207_160000_hashed_verifications`, so the
 * outbox keeps no usable link either. The tokens are void by then.
 */
export const mailOutboxTokenKeysV1 = {
  up: /* sql */ `
update mail_outbox set dedupe_key = null
 where dedupe_key like 'password-reset:%' or dedupe_key like 'email-changed:%';
`,
} as const
