/**
 * The SQL of the feed's own tables, version 1. The Payload migration
 * `cms/migrations/20261123_120000_feed.ts` applies exactly this text; a later
 * change gets a new version and a new migration, never an edit here.
 *
 * - `feed_news_views`: how often each news item was opened (by guid).
 * - `feed_notifications`: one row per user and news item (unique, so a
 *   repeated fan-out never notifies twice); `read_at` null while unread;
 *   `digested_at` set once the item went out in a daily e-mail digest.
 * - `feed_email_subscriptions`: users who asked for notifications by e-mail,
 *   with the address and name the digest is written to.
 */
export const feedSchemaV1 = {
  up: /* sql */ `
create table if not exists feed_news_views (
  guid text primary key,
  views bigint not null default 0,
  last_viewed_at timestamptz not null default now()
);

create table if not exists feed_notifications (
  id bigserial primary key,
  user_id text not null,
  news_guid text not null,
  title text not null,
  body text not null,
  link text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  digested_at timestamptz,
  unique (user_id, news_guid)
);
create index if not exists feed_notifications_user_idx on feed_notifications (user_id, created_at desc, id desc);
create index if not exists feed_notifications_digest_idx on feed_notifications (user_id) where digested_at is null;

create table if not exists feed_email_subscriptions (
  user_id text primary key,
  email text not null,
  name text not null default '',
  created_at timestamptz not null default now()
);
`,
  down: /* sql */ `
drop table if exists feed_email_subscriptions;
drop table if exists feed_notifications;
drop table if exists feed_news_views;
`,
}

/**
 * Version 2: a notification's source is no longer only a news item. The
 * renewal alerts of the contract database are notified too (`tabella:<id>:<decorrenza>`,
 * `testo:<id>`), so `news_guid` becomes `source_key`: the news item's guid or
 * the alert's key, still unique per user. Applied by the migration
 * `cms/migrations/20261127_121000_feed_notification_source.ts`.
 */
export const feedSchemaV2 = {
  up: /* sql */ `
alter table feed_notifications rename column news_guid to source_key;
alter table feed_notifications rename constraint feed_notifications_user_id_news_guid_key to feed_notifications_user_id_source_key_key;
`,
  down: /* sql */ `
alter table feed_notifications rename constraint feed_notifications_user_id_source_key_key to feed_notifications_user_id_news_guid_key;
alter table feed_notifications rename column source_key to news_guid;
`,
}

/**
 * Version 3: `paid` marks a notification whose body carries what only
 * readers with access may read (a renewal alert's new minimums, a new text's
 * changes). It is written only for followers whose access allows it when the
 * notice is sent; the bell and the daily digest show it only while the
 * reader's access still allows it, otherwise the title and a prompt to
 * subscribe. Renewal alerts notified before it are marked. Applied by the
 * migration `cms/migrations/20261207_121000_feed_notification_access.ts`.
 */
export const feedSchemaV3 = {
  up: /* sql */ `
alter table feed_notifications add column if not exists paid boolean not null default false;
update feed_notifications set paid = true where source_key like 'tabella:%' or source_key like 'testo:%';
`,
  down: /* sql */ `
alter table feed_notifications drop column if exists paid;
`,
}
