/**
 * Webhook delivery: each event is signed as Stripe signs it (`Stripe-Signature:
 * t=…,v1=HMAC-SHA256(secret, "t.payload")`) and posted to the portal's
 * endpoint, in order, retried with backoff until the endpoint answers 2xx.
 * Undelivered events survive a restart (the store keeps them pending).
 */
import { createHmac } from 'node:crypto'
import type { Logger } from 'pino'
import type Stripe from 'stripe'
import type { EmulatorStore } from './store.ts'

/** Sends one signed payload; resolves to the HTTP status of the answer. */
export type Deliver = (payload: string, signature: string) => Promise<number>

/** Stripe's signature header for a payload at a moment (seconds). */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/** Posts to a URL (the portal's /api/v1/stripe/webhook). */
export function httpDeliver(url: string): Deliver {
  return async (payload, signature) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(20_000),
    })
    await response.arrayBuffer()
    return response.status
  }
}

export type Deliverer = {
  /** Delivers what is pending (called after each operation). */
  kick(): void
  /** Resolves when nothing is pending or in flight (tests). */
  idle(): Promise<void>
  /** Holds deliveries (tests: a webhook that has not arrived yet). */
  pause(): void
  resume(): void
  stop(): void
}

export function createDeliverer(options: {
  store: EmulatorStore
  secret: string
  deliver: Deliver
  logger?: Logger
  /** Retry delays in ms (the last one repeats). */
  backoffMs?: number[]
}): Deliverer {
  const backoff = options.backoffMs ?? [500, 1000, 2000, 5000, 10000, 30000]
  let running: Promise<void> | null = null
  let paused = false
  let stopped = false
  let failures = 0
  let timer: NodeJS.Timeout | null = null
  let waiters: (() => void)[] = []
  let again = false

  async function drain() {
    for (;;) {
      if (paused || stopped) return
      const pending = await options.store.pendingEvents()
      const event: Stripe.Event | undefined = pending[0]
      if (!event) {
        failures = 0
        return
      }
      const payload = JSON.stringify(event, null, 2)
      let status = 0
      try {
        status = await options.deliver(payload, signPayload(payload, options.secret))
      } catch (error) {
        options.logger?.debug(
          { err: error, event: event.id },
          'Emulatore Stripe: consegna del webhook non riuscita',
        )
      }
      if (status >= 200 && status < 300) {
        failures = 0
        await options.store.markDelivered(event.id)
        continue
      }
      failures += 1
      options.logger?.warn(
        { event: event.id, type: event.type, status },
        'Emulatore Stripe: webhook rifiutato, riprovo',
      )
      const delay = backoff[Math.min(failures - 1, backoff.length - 1)] ?? 1000
      timer = setTimeout(() => {
        timer = null
        kick()
      }, delay)
      timer.unref()
      return
    }
  }

  function settle() {
    if (running || timer) return
    const done = waiters
    waiters = []
    for (const resolve of done) resolve()
  }

  function kick() {
    // A failed delivery waits for its backoff timer before the next attempt.
    if (stopped || timer) return
    if (running) {
      again = true
      return
    }
    again = false
    running = drain()
      .catch((error: unknown) =>
        options.logger?.error({ err: error }, 'Emulatore Stripe: errore nella coda dei webhook'),
      )
      .finally(() => {
        running = null
        if (again && !timer) kick()
        else settle()
      })
  }

  return {
    kick,
    async idle() {
      kick()
      if (!running && !timer) return
      await new Promise<void>((resolve) => waiters.push(resolve))
    },
    pause() {
      paused = true
    },
    resume() {
      paused = false
      if (timer) clearTimeout(timer)
      timer = null
      kick()
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      settle()
    },
  }
}
