/**
 * The erasure log (migration `20261127_040000_account_erasure`): one row per
 * deleted account, who asked (the holder, or an operator with the reason),
 * how the subscription ended and when the deletion finished. It keeps the
 * account's id only, never its address or name.
 */
export const erasureSchemaV1 = {
  up: /* sql */ `
create table if not exists erasure_log (
  id bigserial primary key,
  user_id text not null,
  requested_by text not null check (requested_by in ('subscriber', 'operator')),
  operator_id text,
  operator_email text,
  reason text,
  subscription_end text not null check (subscription_end in ('period_end', 'now')),
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  check (requested_by = 'subscriber' or (operator_id is not null and coalesce(reason, '') <> ''))
);
create index if not exists erasure_log_user_idx on erasure_log (user_id);
create index if not exists erasure_log_requested_idx on erasure_log (requested_at desc);
`,
  down: /* sql */ `
drop table if exists erasure_log;
`,
}
