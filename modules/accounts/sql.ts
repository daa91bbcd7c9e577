/**
 * The tables of the accounts module, applied by the Payload migration
 * `20261122_235920_accounts`. The auth tables are better-auth's schema (as its
 * `getMigrations` generates it for the options in auth.ts) with constraints
 * and indexes of our own; `rate_limits` holds the counters of rate-limits.ts.
 */

const up = `
create table "auth_users" (
  "id" text not null primary key,
  "name" text not null,
  "email" text not null unique,
  "email_verified" boolean not null default false,
  "image" text,
  "created_at" timestamptz not null default current_timestamp,
  "updated_at" timestamptz not null default current_timestamp,
  "first_name" text,
  "last_name" text,
  "profession" text,
  "account_type" text not null default 'trial' check ("account_type" in ('trial', 'standard')),
  "trial_ends_at" timestamptz
);
comment on table "auth_users" is 'Subscribers (better-auth users); CMS editors are in "users".';
create index "auth_users_created_at_idx" on "auth_users" ("created_at");

create table "auth_sessions" (
  "id" text not null primary key,
  "expires_at" timestamptz not null,
  "token" text not null unique,
  "created_at" timestamptz not null default current_timestamp,
  "updated_at" timestamptz not null,
  "ip_address" text,
  "user_agent" text,
  "user_id" text not null references "auth_users" ("id") on delete cascade
);
create index "auth_sessions_user_id_idx" on "auth_sessions" ("user_id");
create index "auth_sessions_expires_at_idx" on "auth_sessions" ("expires_at");

create table "auth_accounts" (
  "id" text not null primary key,
  "account_id" text not null,
  "provider_id" text not null,
  "user_id" text not null references "auth_users" ("id") on delete cascade,
  "access_token" text,
  "refresh_token" text,
  "id_token" text,
  "access_token_expires_at" timestamptz,
  "refresh_token_expires_at" timestamptz,
  "scope" text,
  "password" text,
  "created_at" timestamptz not null default current_timestamp,
  "updated_at" timestamptz not null,
  unique ("provider_id", "account_id")
);
create index "auth_accounts_user_id_idx" on "auth_accounts" ("user_id");

create table "auth_verifications" (
  "id" text not null primary key,
  "identifier" text not null,
  "value" text not null,
  "expires_at" timestamptz not null,
  "created_at" timestamptz not null default current_timestamp,
  "updated_at" timestamptz not null default current_timestamp
);
create index "auth_verifications_identifier_idx" on "auth_verifications" ("identifier");
create index "auth_verifications_expires_at_idx" on "auth_verifications" ("expires_at");

create table "auth_rate_limits" (
  "id" text not null primary key,
  "key" text not null unique,
  "count" integer not null,
  "last_request" bigint not null
);
create index "auth_rate_limits_last_request_idx" on "auth_rate_limits" ("last_request");

create table "rate_limits" (
  "key" varchar(255) primary key,
  "points" integer not null default 0,
  "expire" bigint
);
create index "rate_limits_expire_idx" on "rate_limits" ("expire");
`

const down = `
drop table if exists "rate_limits";
drop table if exists "auth_rate_limits";
drop table if exists "auth_verifications";
drop table if exists "auth_accounts";
drop table if exists "auth_sessions";
drop table if exists "auth_users";
`

/** SQL of the first version of the accounts tables. */
export const accountsSchemaV1 = { up, down } as const

const upV2 = `
create table "profile_pictures" (
  "user_id" text not null primary key references "auth_users" ("id") on delete cascade,
  "file_name" text not null unique,
  "content_type" text not null,
  "content" bytea not null,
  "updated_at" timestamptz not null default current_timestamp
);
comment on table "profile_pictures" is 'Profile pictures of subscribers, re-encoded at 256x256 (WebP).';
`

const downV2 = `
drop table if exists "profile_pictures";
`

/**
 * SQL of the profile pictures (one re-encoded picture per account, in the
 * database so every instance serves it), applied by `20261123_120000_profile_pictures`.
 */
export const accountsSchemaV2 = { up: upV2, down: downV2 } as const

/**
 * Social sign-in (migration `20261123_120000_social_signin`): the mark of an
 * account created through Google or Facebook that has not yet completed its
 * registration on /registrati/setupsocial.
 */
export const socialSignInSchemaV1 = {
  up: `
alter table "auth_users" add column "social_setup_pending" boolean not null default false;
comment on column "auth_users"."social_setup_pending" is 'Created by a Google/Facebook sign-in, profession not yet given on /registrati/setupsocial.';
`,
  down: `
alter table "auth_users" drop column if exists "social_setup_pending";
`,
} as const

/** SQL of the erased accounts' mark (`erase-account.ts`), applied by the migration `20261127_040000_account_erasure`. */
export const accountErasureSchemaV1 = {
  up: `
alter table "auth_users" add column if not exists "erased_at" timestamptz;
comment on column "auth_users"."erased_at" is 'When the account was deleted: personal data erased, only the id is kept.';
`,
  down: `
alter table "auth_users" drop column if exists "erased_at";
`,
} as const

/**
 * Verification rows stored as digests (`verification-tokens.ts`), applied by
 * the migration `20261207_160000_hashed_verifications`. Every row written
 * before holds its secret in clear (reset links, e-mail undo codes, sign-in
 * states) or as an unkeyed digest of a six-digit code: all are deleted, so
 * none stays usable. They were short-lived; whoever waited for one asks again.
 */
export const hashedVerificationsV1 = {
  up: `
delete from "auth_verifications";
`,
} as const
