/**
 * One request must not stall the server (issue 31, point 3): the arrears
 * calculator's bounds and work limit are checked before any work, so hostile
 * requests (an end date in the year 9999, a span of a century) are refused
 * at once with 400 in Italian while `/healthz` keeps answering. Before the
 * fix each such request counted the months to 9999 (over a second of CPU)
 * and ten of them held `/healthz` for 9 s. The margins are generous: the
 * machine runs other work at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSONAS, startPortal, type Portal } from './portal.ts'

let portal: Portal
let cookie: string

beforeAll(async () => {
  portal = await startPortal()
  cookie = await portal.signIn(PERSONAS.professional)
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

const calculator = '/api/v1/contratti/arretrati/byCategoria/19'
const HOSTILE = [
  `${calculator}?livello=4&fine=31-12-9999&mensilita=14`,
  `${calculator}/pdf?livello=4&decorrenza=01-03-2025&fine=31-12-2100`,
  `${calculator}/xlsx?livello=4&assunzione=01-01-0001&fine=31-12-2025`,
  `${calculator}?livello=4&decorrenza=01-03-2025&fine=31-12-2099&parttime=50`,
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

describe('work limits', () => {
  it('refuses 20 hostile arrears requests fast with 400 while /healthz keeps answering', async () => {
    // Warm up: the first calculation loads the category's tables.
    expect((await portal.fetch(`${calculator}?livello=4&fine=31-12-2025`, { cookie })).status).toBe(200)

    let hostileRunning = true
    const probes: number[] = []
    const probing = (async () => {
      while (hostileRunning) {
        // A probe counts when it was sent while hostile requests were in flight.
        const started = performance.now()
        const response = await fetch(`${portal.base}/healthz`, { signal: AbortSignal.timeout(5_000) })
        expect(response.status).toBe(200)
        probes.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const path = HOSTILE[index % HOSTILE.length] as string
        const started = performance.now()
        const response = await portal.fetch(path, { cookie, signal: AbortSignal.timeout(10_000) })
        const body = (await response.json()) as { error: { code: string; message: string; field?: string } }
        return { path, status: response.status, body, ms: performance.now() - started }
      }),
    )
    hostileRunning = false
    await probing

    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(400)
      expect(answer.body.error.code, answer.path).toBe('bad_request')
      expect(answer.ms, answer.path).toBeLessThan(3_000)
    }
    const fine = answers.find((answer) => answer.path.includes('9999'))
    expect(fine?.body.error).toEqual({
      code: 'bad_request',
      message: 'Data di fine: indica una data valida nel formato gg/mm/aaaa, tra il 1950 e il 2100.',
      field: 'fine',
    })
    const century = answers.find((answer) => answer.path.includes('2100'))
    expect(century?.body.error.message).toBe('Il calcolo copre al massimo 10 anni: riduci il periodo.')
    // /healthz answered while the hostile requests were in flight, and fast.
    expect(probes.length).toBeGreaterThan(0)
    expect(median(probes)).toBeLessThan(200)
    expect(Math.max(...probes)).toBeLessThan(2_000)
  }, 120_000)
})
