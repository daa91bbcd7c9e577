/**
 * Where the emulator keeps Stripe's objects: its own Postgres tables (so a
 * restart of the portal keeps customers, subscriptions and invoices), or
 * memory for unit tests. Objects are stored whole, as Stripe's JSON.
 */
import type { Pool } from 'pg'
import type Stripe from 'stripe'

export type StoredObject = { id: string; object: string }

export interface EmulatorStore {
  get<T extends StoredObject>(id: string): Promise<T | undefined>
  put<T extends StoredObject>(object: T): Promise<void>
  /** Every object of a type, oldest first. */
  list<T extends StoredObject>(type: string): Promise<T[]>
  getState<T>(key: string): Promise<T | undefined>
  setState(key: string, value: unknown): Promise<void>
  /** Stores an event and queues it for delivery. */
  addEvent(event: Stripe.Event): Promise<void>
  /** Events not delivered yet, oldest first. */
  pendingEvents(): Promise<Stripe.Event[]>
  markDelivered(eventId: string): Promise<void>
}

export const emulatorSchema = /* sql */ `
create table if not exists stripe_emulator_objects (
  id text primary key,
  type text not null,
  data jsonb not null,
  seq bigserial
);
create index if not exists stripe_emulator_objects_type_idx on stripe_emulator_objects (type, seq);
create table if not exists stripe_emulator_state (
  key text primary key,
  value jsonb not null
);
create table if not exists stripe_emulator_deliveries (
  event_id text primary key,
  seq bigserial,
  delivered_at timestamptz
);
`

/** The Postgres store; creates its tables when missing. */
export async function createPostgresStore(pool: Pool): Promise<EmulatorStore> {
  await pool.query(emulatorSchema)
  return {
    async get<T extends StoredObject>(id: string) {
      const result = await pool.query<{ data: T }>('select data from stripe_emulator_objects where id = $1', [
        id,
      ])
      return result.rows[0]?.data
    },
    async put<T extends StoredObject>(object: T) {
      await pool.query(
        `insert into stripe_emulator_objects (id, type, data) values ($1, $2, $3)
         on conflict (id) do update set data = excluded.data`,
        [object.id, object.object, JSON.stringify(object)],
      )
    },
    async list<T extends StoredObject>(type: string) {
      const result = await pool.query<{ data: T }>(
        'select data from stripe_emulator_objects where type = $1 order by seq',
        [type],
      )
      return result.rows.map((row) => row.data)
    },
    async getState<T>(key: string) {
      const result = await pool.query<{ value: T }>(
        'select value from stripe_emulator_state where key = $1',
        [key],
      )
      return result.rows[0]?.value
    },
    async setState(key, value) {
      await pool.query(
        `insert into stripe_emulator_state (key, value) values ($1, $2)
         on conflict (key) do update set value = excluded.value`,
        [key, JSON.stringify(value)],
      )
    },
    async addEvent(event) {
      await pool.query(
        `insert into stripe_emulator_objects (id, type, data) values ($1, $2, $3) on conflict (id) do nothing`,
        [event.id, event.object, JSON.stringify(event)],
      )
      await pool.query(
        'insert into stripe_emulator_deliveries (event_id) values ($1) on conflict do nothing',
        [event.id],
      )
    },
    async pendingEvents() {
      const result = await pool.query<{ data: Stripe.Event }>(
        `select o.data from stripe_emulator_deliveries d join stripe_emulator_objects o on o.id = d.event_id
          where d.delivered_at is null order by d.seq`,
      )
      return result.rows.map((row) => row.data)
    },
    async markDelivered(eventId) {
      await pool.query('update stripe_emulator_deliveries set delivered_at = now() where event_id = $1', [
        eventId,
      ])
    },
  }
}

/** A store in memory (unit tests). */
export function createMemoryStore(): EmulatorStore {
  const objects = new Map<string, StoredObject>()
  const state = new Map<string, unknown>()
  const pending: string[] = []
  const clone = <T>(value: T): T => structuredClone(value)
  return {
    async get<T extends StoredObject>(id: string) {
      const found = objects.get(id)
      return found ? (clone(found) as T) : undefined
    },
    async put<T extends StoredObject>(object: T) {
      objects.set(object.id, clone(object))
    },
    async list<T extends StoredObject>(type: string) {
      return [...objects.values()]
        .filter((object) => object.object === type)
        .map((object) => clone(object) as T)
    },
    async getState<T>(key: string) {
      return state.has(key) ? clone(state.get(key) as T) : undefined
    },
    async setState(key, value) {
      state.set(key, clone(value))
    },
    async addEvent(event) {
      objects.set(event.id, clone(event))
      pending.push(event.id)
    },
    async pendingEvents() {
      return pending.map((id) => clone(objects.get(id) as Stripe.Event))
    },
    async markDelivered(eventId) {
      const index = pending.indexOf(eventId)
      if (index >= 0) pending.splice(index, 1)
    },
  }
}
