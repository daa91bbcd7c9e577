/**
 * What the dump and the restore read from Postgres's catalog: the tables
 * (every ordinary table outside the system schemas and extensions), the
 * columns COPY writes, the sequences and the foreign-key order. A restore
 * reads them from the schema the portal's own migrations built, never from
 * the snapshot.
 */
import type { ClientBase } from 'pg'

/** `"schema"."name"`, quoted for SQL. */
export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** The ordinary tables of the database, not those of extensions, by schema and name. */
export async function listTables(
  client: ClientBase,
): Promise<{ oid: number; schema: string; name: string }[]> {
  const result = await client.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and not exists (select 1 from pg_depend d
                         where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by n.nspname, c.relname`,
  )
  return result.rows
}

/** A table's columns that COPY writes (generated columns are computed again on load), in order. */
export async function copyColumns(client: ClientBase, oid: number): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [oid],
  )
  return result.rows.map((row) => row.name)
}

/** The tables of a database (`schema.name`, unquoted) and the columns COPY may write into each. */
export async function liveTables(client: ClientBase): Promise<Map<string, Set<string>>> {
  const tables = new Map<string, Set<string>>()
  for (const table of await listTables(client)) {
    tables.set(`${table.schema}.${table.name}`, new Set(await copyColumns(client, table.oid)))
  }
  return tables
}

/** The sequences of the database, by schema and name. */
export async function listSequences(client: ClientBase): Promise<{ schema: string; name: string }[]> {
  const names = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  )
  return names.rows
}

/** Every sequence with its current value. */
export async function readSequences(
  client: ClientBase,
): Promise<{ schema: string; name: string; lastValue: string; isCalled: boolean }[]> {
  const sequences = []
  for (const { schema, name } of await listSequences(client)) {
    const value = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(schema, name)}`,
    )
    const row = value.rows[0]!
    sequences.push({ schema, name, lastValue: row.last_value, isCalled: row.is_called })
  }
  return sequences
}

/**
 * The tables (`schema.name`, unquoted) in an order where each comes after
 * the tables it references (tables in a cycle keep their order at the end).
 */
export async function foreignKeyOrder(client: ClientBase, tables: string[]): Promise<string[]> {
  const edges = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  )
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]))
  for (const edge of edges.rows) {
    if (parents.has(edge.child) && parents.has(edge.parent)) parents.get(edge.child)!.add(edge.parent)
  }
  const ordered: string[] = []
  const placed = new Set<string>()
  for (let progress = true; progress;) {
    progress = false
    for (const table of tables) {
      if (placed.has(table)) continue
      if ([...parents.get(table)!].every((parent) => placed.has(parent))) {
        ordered.push(table)
        placed.add(table)
        progress = true
      }
    }
  }
  return [...ordered, ...tables.filter((table) => !placed.has(table))]
}
