/** The SQL of the module's own table, applied by cms/migrations/20261123_114527_site_content.ts. */
export const siteContentSchemaV1 = `
create table if not exists cookie_consents (
  id bigserial primary key,
  consent_id uuid not null,
  categories text[] not null,
  action text not null,
  user_id text,
  created_at timestamptz not null default now()
);
create index if not exists cookie_consents_consent_id_idx on cookie_consents (consent_id, created_at desc);
`
