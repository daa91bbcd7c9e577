/**
 * The SQL objects of the Postgres search index, version 1. The Payload
 * migration `cms/migrations/20261122_235900_search.ts` applies exactly this
 * text; a later change gets a new version and a new migration, never an edit here.
 *
 * - `italian_unaccent`: the `italian` text-search configuration with accents
 *   removed before the Snowball stemmer, so 'liberta' and 'libertà' are one lexeme.
 * - `search_normalize(text)`: lower case without accents (the form of the
 *   vocabulary words and of the text compared with them).
 * - `search_text(text)`: the text as the parser should see it: every character
 *   that is neither ASCII nor a Latin letter (’ « » – € …) becomes a space,
 *   one for one, so "dell’apprendistato" is two words whatever the database
 *   locale (with the C locale the parser takes any such character for a letter).
 * - `search_query(input, mode)`: the tsquery of a user's text: every word is
 *   stemmed and matched as a prefix of indexed stems, long stems also by their
 *   root (so 'apprendistato' finds 'apprendisti'); `mode` 'all' ANDs the words,
 *   'any' ORs them. NULL when the text has no searchable word.
 * - `search_news_document(title, body)`: the tsvector a news item is found by.
 * - `search_words` and `search_corrected(input)`: the vocabulary of the indexed
 *   texts, and the user's text with each unknown word replaced by the most
 *   similar known one (trigram similarity); NULL when nothing was corrected.
 */
export const searchSchemaV1 = {
  up: /* sql */ `
create extension if not exists unaccent;
create extension if not exists pg_trgm;

do $$
begin
  if not exists (select 1 from pg_ts_config where cfgname = 'italian_unaccent') then
    create text search configuration italian_unaccent (copy = italian);
    alter text search configuration italian_unaccent
      alter mapping for word, hword, hword_part, asciiword, asciihword, hword_asciipart
      with unaccent, italian_stem;
  end if;
end
$$;

create or replace function search_normalize(input text) returns text
  language sql immutable strict parallel safe
  return lower(unaccent('unaccent'::regdictionary, input));

create or replace function search_text(input text) returns text
  language sql immutable strict parallel safe
  return regexp_replace(input, '[^\\x01-\\x7F\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F]', ' ', 'g');

create or replace function search_query(input text, mode text default 'all') returns tsquery
  language sql stable strict parallel safe
begin atomic
  select case
    when count(*) = 0 then null
    else string_agg(
      case when root = stem then stem || ':*' else '(' || stem || ':* | ' || root || ':*)' end,
      case when mode = 'any' then ' | ' else ' & ' end
      order by first_seen
    )::tsquery
  end
  from (
    select stem, left(stem, greatest(7, length(stem) - 3)) as root, min(n) as first_seen
    from (
      select word.n, (select lexeme from unnest(to_tsvector('italian_unaccent'::regconfig, word.token)) limit 1) as stem
      from regexp_split_to_table(search_normalize(left(input, 200)), '[^a-z0-9]+') with ordinality as word(token, n)
      where word.token <> ''
    ) as words
    where stem ~ '^[a-z0-9]+$' and n <= 16
    group by stem
  ) as terms;
end;

create or replace function search_news_document(title text, body text) returns tsvector
  language sql immutable parallel safe
  return to_tsvector('italian_unaccent'::regconfig, search_text(coalesce(title, '') || E'\\n' || coalesce(body, '')));

create table if not exists search_contracts (
  category_code integer primary key,
  category_name text not null,
  contract_code integer not null,
  contract_title text not null,
  contract_short_title text,
  cnel_code text,
  sector_code integer not null,
  sector_name text not null,
  document tsvector generated always as (
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(
      coalesce(contract_title, '') || ' ' || coalesce(contract_short_title, '') || ' ' ||
      coalesce(category_name, '') || ' ' || coalesce(cnel_code, ''))), 'A') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(coalesce(sector_name, ''))), 'B')
  ) stored
);
create index if not exists search_contracts_document_idx on search_contracts using gin (document);
create index if not exists search_contracts_contract_idx on search_contracts (contract_code);
create index if not exists search_contracts_sector_idx on search_contracts (sector_code);
create index if not exists search_contracts_cnel_idx on search_contracts (lower(cnel_code));

-- News rows stay narrow (the body is kept only as its tsvector, stored out of
-- line), so ranking and date ordering touch few pages even at 100,000 items.
create table if not exists search_news (
  guid text primary key,
  slug text not null,
  title text not null,
  excerpt text not null,
  date date not null,
  type text not null check (type in ('news', 'deadline', 'changelog')),
  sector_codes integer[] not null default '{}',
  contract_codes integer[] not null default '{}',
  title_vector tsvector generated always as (to_tsvector('italian_unaccent'::regconfig, search_text(title))) stored,
  -- search_news_document(title, body), written by the index from the body it receives
  document tsvector not null
) with (toast_tuple_target = 256);
alter table search_news alter column title_vector set storage main;
create index if not exists search_news_document_idx on search_news using gin (document);
create index if not exists search_news_title_idx on search_news using gin (title_vector);
create index if not exists search_news_date_idx on search_news (date desc, guid);
create index if not exists search_news_type_date_idx on search_news (type, date desc, guid);
create index if not exists search_news_sectors_idx on search_news using gin (sector_codes);
create index if not exists search_news_contracts_idx on search_news using gin (contract_codes);

create table if not exists search_text_sections (
  text_code integer not null,
  position integer not null,
  anchor text not null,
  heading text not null,
  body text not null,
  document tsvector generated always as (
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(heading)), 'A') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(body)), 'D')
  ) stored,
  primary key (text_code, position)
);
create index if not exists search_text_sections_document_idx on search_text_sections using gin (document);

-- Every word of the indexed texts, unstemmed and normalised: misspelt words of
-- a query are replaced by their most similar word before searching again.
create table if not exists search_words (
  word text primary key
);
create index if not exists search_words_trgm_idx on search_words using gin (word gin_trgm_ops);

create or replace function search_corrected(input text) returns text
  language sql stable strict parallel safe
begin atomic
  select case when bool_or(best <> token) then string_agg(coalesce(best, token), ' ' order by n) end
  from (
    select word.token, word.n,
      case when length(word.token) < 4 or word.token ~ '^[0-9]+$' then word.token else (
        select w.word from search_words w
        where w.word % word.token
        order by similarity(w.word, word.token) desc, w.word
        limit 1
      ) end as best
    from regexp_split_to_table(search_normalize(left(input, 200)), '[^a-z0-9]+') with ordinality as word(token, n)
    where word.token <> '' and word.n <= 16
  ) as corrected;
end;
`,
  down: /* sql */ `
drop function if exists search_corrected(text);
drop table if exists search_words;
drop table if exists search_text_sections;
drop table if exists search_news;
drop table if exists search_contracts;
drop function if exists search_news_document(text, text);
drop function if exists search_query(text, text);
drop function if exists search_text(text);
drop function if exists search_normalize(text);
drop text search configuration if exists italian_unaccent;
`,
} as const

/**
 * Version 2: what ranks the contract search besides the words (migration
 * `cms/migrations/20261127_075923_search_ranking.ts`).
 *
 * - `search_key(text)`: a name as compared whole: lower case, no accents,
 *   punctuation as single spaces, a leading 'CCNL' dropped ('CCNL Terziario,
 *   distribuzione e servizi' and 'terziario distribuzione e servizi' are equal).
 * - `search_contracts` gains the contract's everyday names (`aliases`, found
 *   like its title), its representativeness rank (0-4, `representativenessRank`
 *   of modules/content), its content score (0-3: a consolidated text, pay
 *   tables, summaries), the keys of its names and two narrower documents: the
 *   aliases alone and the contract's names (title, short title, aliases, CNEL
 *   code), which decide the relevance tiers.
 * - `search_popularity`: the use of each contract (views of its categories in
 *   the last 90 days), fed by the composition root; a rebuild keeps it.
 */
export const searchSchemaV2 = {
  up: /* sql */ `
create or replace function search_key(input text) returns text
  language sql immutable strict parallel safe
  return regexp_replace(
    btrim(regexp_replace(search_normalize(input), '[^a-z0-9]+', ' ', 'g')),
    '^ccnl ', '');

-- array_to_string is only stable in general (other element types print by the session's settings); for text it is not.
create or replace function search_joined(input text[]) returns text
  language sql immutable strict parallel safe
  return array_to_string(input, ' ');

create or replace function search_keys(input text[]) returns text[]
  language sql immutable strict parallel safe
  return array(select search_key(item) from unnest(input) as item);

alter table search_contracts drop column if exists document;
alter table search_contracts
  add column if not exists aliases text[] not null default '{}',
  add column if not exists representativeness smallint not null default 0,
  add column if not exists content smallint not null default 0;
alter table search_contracts
  add column document tsvector generated always as (
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(
      coalesce(contract_title, '') || ' ' || coalesce(contract_short_title, '') || ' ' ||
      search_joined(aliases) || ' ' ||
      coalesce(category_name, '') || ' ' || coalesce(cnel_code, ''))), 'A') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(coalesce(sector_name, ''))), 'B')
  ) stored,
  add column if not exists name_document tsvector generated always as (
    to_tsvector('italian_unaccent'::regconfig, search_text(
      coalesce(contract_title, '') || ' ' || coalesce(contract_short_title, '') || ' ' ||
      search_joined(aliases) || ' ' || coalesce(cnel_code, '')))
  ) stored,
  add column if not exists alias_document tsvector generated always as (
    to_tsvector('italian_unaccent'::regconfig, search_text(search_joined(aliases)))
  ) stored,
  add column if not exists name_keys text[] generated always as (
    array_remove(search_keys(array[contract_title, coalesce(contract_short_title, '')] || aliases), '')
  ) stored;
create index if not exists search_contracts_document_idx on search_contracts using gin (document);

create table if not exists search_popularity (
  contract_code integer primary key,
  views integer not null check (views >= 0)
);
`,
  down: /* sql */ `
drop table if exists search_popularity;
alter table search_contracts drop column if exists name_keys;
alter table search_contracts drop column if exists alias_document;
alter table search_contracts drop column if exists name_document;
alter table search_contracts drop column if exists document;
alter table search_contracts
  drop column if exists aliases,
  drop column if exists representativeness,
  drop column if exists content;
alter table search_contracts
  add column document tsvector generated always as (
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(
      coalesce(contract_title, '') || ' ' || coalesce(contract_short_title, '') || ' ' ||
      coalesce(category_name, '') || ' ' || coalesce(cnel_code, ''))), 'A') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, search_text(coalesce(sector_name, ''))), 'B')
  ) stored;
create index if not exists search_contracts_document_idx on search_contracts using gin (document);
drop function if exists search_keys(text[]);
drop function if exists search_joined(text[]);
drop function if exists search_key(text);
`,
} as const

/**
 * Version 3: the free scope of the news search (migration
 * `cms/migrations/20261207_120000_search_free_text.ts`). `free_document` is
 * `search_news_document(title, free text)`: the title and the part of the body
 * every visitor may read, so an anonymous search never matches words of the
 * paid part. Rows indexed before it get their title and stored excerpt (cut
 * from the free part already) until the next `npm run search:reindex`.
 */
export const searchSchemaV3 = {
  up: /* sql */ `
alter table search_news add column if not exists free_document tsvector not null default ''::tsvector;
update search_news set free_document = search_news_document(title, excerpt);
create index if not exists search_news_free_document_idx on search_news using gin (free_document);
`,
  down: /* sql */ `
drop index if exists search_news_free_document_idx;
alter table search_news drop column if exists free_document;
`,
} as const
