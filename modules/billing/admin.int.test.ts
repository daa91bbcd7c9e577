/**
 * The operators' list of subscribers (/admin/abbonati, Abbonamenti e
 * pagamenti) on the real embedded Postgres: the account's address and name
 * come from the accounts module, and the search finds a customer by the
 * account's address or name, by the customer's own copy, or by Stripe id.
 */
import { randomBytes } from 'node:crypto'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapCms } from '../../cms/start.ts'
import { hashPassword, inTransaction, insertAccount } from '../accounts/index.ts'
import { getLogger } from '../platform/index.ts'
import { adminSubscribers } from './admin.ts'
import { getBillingPool } from './runtime.ts'

let close: () => Promise<void>
let pool: Pool
const unique = () => randomBytes(4).toString('hex')

async function account(email: string, firstName: string, lastName: string): Promise<string> {
  const passwordHash = await hashPassword('Password1')
  const id = await inTransaction((client) =>
    insertAccount(client, {
      email,
      firstName,
      lastName,
      profession: null,
      accountType: 'standard',
      trialEndsAt: null,
      emailVerified: true,
      passwordHash,
    }),
  )
  if (!id) throw new Error('account not created')
  return id
}

async function customer(id: string, userId: string | null, email: string, name: string) {
  await pool.query(
    `insert into billing_customers (id, user_id, email, name, data, created_at) values ($1, $2, $3, $4, '{}', now())`,
    [id, userId, email, name],
  )
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = await getBillingPool()
})

afterAll(async () => {
  await close()
})

describe('adminSubscribers', () => {
  it("shows the account's current address and name, not the customer's old copy", async () => {
    const tag = unique()
    const userId = await account(`nuovo-${tag}@esempio.it`, 'Lucia', `Neri${tag}`)
    await customer(`cus_admin_${tag}`, userId, `vecchio-${tag}@esempio.it`, 'Nome vecchio')
    const rows = await adminSubscribers(pool, { search: `cus_admin_${tag}` })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      customer_id: `cus_admin_${tag}`,
      user_id: userId,
      email: `nuovo-${tag}@esempio.it`,
      name: `Lucia Neri${tag}`,
    })
  })

  it("finds a customer by the account's address or name, letter case aside, and one without account by its copy", async () => {
    const tag = unique()
    const userId = await account(`ricerca-${tag}@esempio.it`, 'Paolo', `Bianchi${tag}`)
    await customer(`cus_find_${tag}`, userId, `altro-${tag}@esempio.it`, 'Altro')
    await customer(`cus_orphan_${tag}`, null, `orfano-${tag}@esempio.it`, `Senza Account ${tag}`)

    const byEmail = await adminSubscribers(pool, { search: `RICERCA-${tag}` })
    expect(byEmail.map((row) => row.customer_id)).toEqual([`cus_find_${tag}`])
    const byName = await adminSubscribers(pool, { search: `bianchi${tag}` })
    expect(byName.map((row) => row.customer_id)).toEqual([`cus_find_${tag}`])
    const orphan = await adminSubscribers(pool, { search: `orfano-${tag}` })
    expect(orphan).toMatchObject([
      { customer_id: `cus_orphan_${tag}`, user_id: null, email: `orfano-${tag}@esempio.it` },
    ])
  })
})
