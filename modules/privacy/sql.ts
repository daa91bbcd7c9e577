/**
 * The SQL of the data exports, applied by the migration
 * `cms/migrations/20261127_040000_privacy_exports.ts`. One row per request of
 * 'Scarica i miei dati': pending → running → ready (or failed). The link's
 * token is kept only as its SHA-256; the archive's key names the file in the
 * exports storage. Rows and files are deleted by the nightly retention job
 * once the link has expired.
 */
export const privacySchemaV1 = {
  up: /* sql */ `
create table if not exists privacy_exports (
  id uuid primary key,
  user_id text not null,
  status text not null default 'pending' check (status in ('pending', 'running', 'ready', 'failed')),
  requested_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  token_hash text,
  object_key text,
  size_bytes integer,
  downloaded_at timestamptz
);
create index if not exists privacy_exports_user_idx on privacy_exports (user_id, requested_at desc);
`,
  down: /* sql */ `drop table if exists privacy_exports;`,
}
