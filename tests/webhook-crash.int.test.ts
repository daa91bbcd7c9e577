/**
 * The process killed (SIGKILL) in the middle of a Stripe webhook: the
 * handler's writes and the record of the event are one transaction, so the
 * killed delivery leaves nothing behind; after the restart the emulator
 * delivers the event again (Stripe retries what was not acknowledged), it is
 * processed once, and a further redelivery changes nothing.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAccountsPool, hashPassword, inTransaction, insertAccount } from '../modules/accounts/index.ts'
import { handleStripeWebhook, setBillingStripe } from '../modules/billing/index.ts'
import { bootstrapCms } from '../cms/start.ts'
import { getLogger, isAppError } from '../modules/platform/index.ts'
import {
  emulatorClient,
  signPayload,
  startStripeEmulator,
  type StripeEmulator,
} from '../dev/stripe-emulator/index.ts'

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'webhook-crash-runner.ts')

let close: () => Promise<void>
let pool: Pool
let emulator: StripeEmulator | undefined

async function deliver(payload: string, signature: string): Promise<number> {
  try {
    await handleStripeWebhook(payload, signature)
    return 200
  } catch (error) {
    return isAppError(error) ? error.status : 500
  }
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = await getAccountsPool()
})

afterAll(async () => {
  await emulator?.close()
  setBillingStripe(undefined)
  await close()
})

describe('a process killed during a webhook', () => {
  it('leaves no half-applied event and processes the redelivery once after the restart', async () => {
    const email = `crash-${randomBytes(4).toString('hex')}@esempio.it`
    const passwordHash = await hashPassword('Prova2026!')
    const userId = await inTransaction((client) =>
      insertAccount(client, {
        email,
        firstName: 'Mario',
        lastName: 'Rossi',
        profession: 'consulente-del-lavoro',
        accountType: 'standard',
        trialEndsAt: null,
        emailVerified: true,
        passwordHash,
      }),
    )
    const child = spawn(process.execPath, [runner, email, String(userId)], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, sig) => resolve(sig)),
    )
    expect(signal, `${stdout}\n${stderr}`).toBe('SIGKILL')
    const said = (word: string) => new RegExp(`^${word} (\\S+)$`, 'm').exec(stdout)?.[1] ?? ''
    const subscriptionId = said('subscription')
    const killedEvent = said('killed')
    expect(subscriptionId).toMatch(/^sub_/)
    expect(killedEvent).toMatch(/^evt_/)

    // The killed transaction left nothing: neither the event's record nor the subscription it was writing.
    const recorded = () => pool.query('select id from billing_events where id = $1', [killedEvent])
    expect((await recorded()).rowCount).toBe(0)
    const mirrored = () =>
      pool.query<{ status: string }>('select status from billing_subscriptions where id = $1', [
        subscriptionId,
      ])
    expect((await mirrored()).rowCount).toBe(0)

    // The restart: the emulator (Stripe) delivers again every event not acknowledged.
    emulator = await startStripeEmulator({
      pool,
      webhook: deliver,
      publicBase: 'http://127.0.0.1/dev/stripe',
    })
    const stripe = emulatorClient(emulator)
    setBillingStripe({
      stripe,
      webhookSecret: emulator.webhookSecret,
      publishableKey: emulator.publishableKey,
      emulator,
    })
    await emulator.idle()
    expect((await recorded()).rowCount).toBe(1)
    expect((await mirrored()).rows).toEqual([{ status: 'active' }])

    // Stripe may deliver the same event once more: acknowledged, nothing changes.
    const event = await stripe.events.retrieve(killedEvent)
    const payload = JSON.stringify(event)
    const outcome = await handleStripeWebhook(payload, signPayload(payload, emulator.webhookSecret))
    expect(outcome.outcome).toBe('duplicate')
    expect((await mirrored()).rows).toEqual([{ status: 'active' }])
  })
})
