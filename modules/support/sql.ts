/** The SQL of the module's own table, applied by cms/migrations/20261123_114527_site_content.ts. */
export const supportSchemaV1 = `
create table if not exists captcha_solutions (
  challenge_id text primary key,
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);
create index if not exists captcha_solutions_expires_idx on captcha_solutions (expires_at);
`
