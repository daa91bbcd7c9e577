/** The tables of the contract database's own data: favourites and consultation log. */
export const databaseSchemaV1 = {
  up: `
create table "database_favourites" (
  "user_id" text not null references "auth_users" ("id") on delete cascade,
  "category_code" integer not null,
  "created_at" timestamptz not null default now(),
  primary key ("user_id", "category_code")
);
comment on table "database_favourites" is 'Favourite categories of subscribers (GET contrattipreferiti).';

create table "database_views" (
  "id" bigserial primary key,
  "user_id" text references "auth_users" ("id") on delete cascade,
  "category_code" integer not null,
  "viewed_at" timestamptz not null default now()
);
comment on table "database_views" is 'Every opening of a category dashboard (POST categorie/logview): recent and most consulted.';
create index "database_views_category_idx" on "database_views" ("viewed_at", "category_code");
create index "database_views_user_idx" on "database_views" ("user_id", "viewed_at" desc);
`,
  down: `
drop table if exists "database_views";
drop table if exists "database_favourites";
`,
}
