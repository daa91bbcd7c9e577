/**
 * The SQL of the Studio links, applied by
 * cms/migrations/20261123_132000_studio_links.ts.
 *
 * One row per account an owner linked (invited or active). `slot` is 1 or 2
 * and unique per owner: the database itself never holds more than two links
 * for one Studio, whatever runs concurrently. `email` is unique: an address
 * belongs to at most one Studio. The invitation code is kept only as its
 * SHA-256 (`code_hash`), cleared once used.
 */
export const studioSchemaV1 = {
  up: `
create table if not exists studio_links (
  id bigserial primary key,
  owner_user_id text not null references auth_users (id) on delete cascade,
  slot smallint not null check (slot between 1 and 2),
  email text not null check (email = lower(email) and email <> ''),
  linked_user_id text references auth_users (id) on delete set null,
  is_active boolean not null default false,
  code_hash text,
  code_expires_at timestamptz,
  invited_at timestamptz not null default now(),
  activated_at timestamptz,
  constraint studio_links_owner_slot_key unique (owner_user_id, slot),
  constraint studio_links_email_key unique (email),
  constraint studio_links_code_hash_key unique (code_hash)
);
create index if not exists studio_links_linked_user_idx on studio_links (linked_user_id) where is_active;
`,
  down: `drop table if exists studio_links;`,
}
