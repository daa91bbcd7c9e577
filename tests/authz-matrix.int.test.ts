/**
 * The authorization matrix against the running portal: every operation of
 * the OpenAPI document and every page of the specifications, called as each
 * kind of visitor, answers as tests/authz-matrix.ts says, and no answer
 * carries another account's data. Then each signed-in kind tries to reach a
 * second account's data by putting that account's id, e-mail, customer or
 * subscription in the path, and is refused.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_OPERATIONS, createApi } from '../modules/api/index.ts'
import {
  API_MATRIX,
  PAGE_MATRIX,
  VISITOR_KINDS,
  samplePath,
  type Kind,
  type Outcome,
} from './authz-matrix.ts'
import {
  PERSONAS,
  newSubscriber,
  startPortal,
  trialSignUp,
  type Portal,
  type SignedInKind,
} from './portal.ts'

type Identity = { email: string; uid: string; customer: string; subscription: string; cookie: string }

let portal: Portal
/** The demo personas, and a second account of the same kind for the trial and Premium personas. */
type Peer = 'secondTrial' | 'secondPremium'
const identities = new Map<Kind | Peer, Identity>()
let fixtures: Record<string, string> = {}
let operations: string[] = []
/** The contract database's operations (by their OpenAPI tags), each of which must be seen answering 200 with its schema. */
const DATABASE_TAGS = [
  'Banca dati',
  'Preferiti',
  'Tabelle retributive',
  'Testi',
  'Sintesi',
  'Classificazioni',
  'Territoriale',
  'Stampa',
  'Confronto contratti',
]
let databaseOperations: string[] = []
/** The operations seen answering 200 with a body their schema accepts (or a documented file). */
const parsedAnswers = new Set<string>()
/** Whether the Studio secondary persona is linked to its Studio, as the demo data links it. */
let studioLinked = false

async function identityOf(cookie: string): Promise<Omit<Identity, 'cookie'>> {
  const state = (await (await portal.fetch('/api/v1/abbonamenti', { cookie })).json()) as {
    user: { uid: string; email: string }
    subscription: { id: string; customerId: string } | null
  }
  return {
    email: state.user.email,
    uid: state.user.uid,
    customer: state.subscription?.customerId ?? 'cus_nessuno',
    subscription: state.subscription?.id ?? 'sub_nessuno',
  }
}

/** Fills a sample path: the caller's own identifiers (or `owner`'s) and the demo data's. */
function fill(sample: string, owner: Omit<Identity, 'cookie'>): string {
  const values: Record<string, string> = { ...fixtures, ...owner }
  return sample.replace(/:(\w+)/g, (placeholder, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : placeholder,
  )
}

/** The outcome of a response in the table's notation. */
function outcomeOf(response: Response): Outcome {
  const location = response.headers.get('location')
  if (location && response.status >= 300 && response.status < 400)
    return `→${new URL(location, portal.base).pathname}`
  return response.status
}

/** Identifiers of every account other than `kind` (and its Studio partner), none of which may appear in its answers. */
function foreignMarkers(kind: Kind): string[] {
  const partners: Partial<Record<Kind, Kind>> = {
    studioOwner: 'studioSecondary',
    studioSecondary: 'studioOwner',
  }
  return [...identities.entries()]
    .filter(
      ([other]) =>
        other !== kind && other !== partners[kind] && !(kind === 'anonymous' && other === 'premium'),
    )
    .flatMap(([, identity]) => [identity.email, identity.uid, identity.customer, identity.subscription])
    .filter((marker) => !/_nessuno$/.test(marker))
}

beforeAll(async () => {
  portal = await startPortal()
  for (const [kind, email] of Object.entries(PERSONAS) as [SignedInKind, string][]) {
    const cookie = await portal.signIn(email)
    identities.set(kind, { ...(await identityOf(cookie)), cookie })
  }
  // A second trial account: the first one's peer.
  const secondCookie = await trialSignUp(
    portal,
    `seconda-prova-${randomBytes(4).toString('hex')}@esempio.it`,
    {
      nome: 'Sara',
      cognome: 'Neri',
      professione: 'professionista',
    },
  )
  identities.set('secondTrial', { ...(await identityOf(secondCookie)), cookie: secondCookie })
  // A second Premium subscriber, through the checkout's calls; the webhook fills the mirror shortly after.
  const premiumCookie = await newSubscriber(
    portal,
    'premium_monthly',
    `secondo-premium-${randomBytes(4).toString('hex')}@esempio.it`,
  )
  let premium = await identityOf(premiumCookie)
  for (let attempt = 0; premium.subscription === 'sub_nessuno' && attempt < 40; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    premium = await identityOf(premiumCookie)
  }
  expect(premium.subscription).not.toBe('sub_nessuno')
  identities.set('secondPremium', { ...premium, cookie: premiumCookie })

  const secondary = (await (
    await portal.fetch('/api/v1/abbonamenti', { cookie: identities.get('studioSecondary')?.cookie })
  ).json()) as { isStudioSecondary: boolean; subscription: unknown; customer: unknown }
  studioLinked = secondary.isStudioSecondary
  // A secondary account reads with the owner's plan but never sees the owner's billing customer.
  if (studioLinked) {
    expect(secondary.subscription).not.toBeNull()
    expect(secondary.customer).toBeNull()
  }

  const products = (await (await portal.fetch('/api/v1/stripe/products')).json()) as {
    id: string
    defaultPrice: string
  }[]
  const news = (
    (await (await portal.fetch('/api/v1/notizie/homepage?limit=1')).json()) as {
      notizie: { guid: string; slug: string; data: string }[]
    }
  ).notizie[0]
  const dates = (await (
    await portal.fetch('/api/v1/tabelleretributive/decorrenze/byCategoria/19')
  ).json()) as { decorrenza: string; storica: boolean }[]
  fixtures = {
    product: products[0]?.id ?? '',
    price: products[0]?.defaultPrice ?? '',
    newsGuid: news?.guid ?? '',
    newsSlug: news?.slug ?? '',
    newsYear: news?.data.slice(0, 4) ?? '',
    newsMonth: news?.data.slice(5, 7) ?? '',
    payDate: dates.find((date) => !date.storica)?.decorrenza ?? '',
  }
  const document = (await (await portal.fetch('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>
  }
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  )
  databaseOperations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.some((tag) => DATABASE_TAGS.includes(tag)))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
}, 240_000)

afterAll(async () => {
  await portal?.stop()
})

/** Each operation's documented answers (status → schema of the JSON body), from the routes themselves. */
const answers = createApi({ version: 'test' }).answers

/** Why an answer breaks the operation's documentation (an undocumented status, a body its schema refuses), or null. */
function undocumented(operation: string, response: Response, text: string): string | null {
  const documented = answers.get(operation)
  if (!documented) return 'operazione senza risposte documentate'
  const schema = documented[response.status]
  if (schema === undefined) return `stato ${response.status} non documentato`
  if (schema === null || !(response.headers.get('content-type') ?? '').includes('application/json')) {
    if (response.status === 200) parsedAnswers.add(operation)
    return null
  }
  const checked = schema.safeParse(JSON.parse(text))
  if (checked.success) {
    if (response.status === 200) parsedAnswers.add(operation)
    return null
  }
  const issue = checked.error.issues[0]
  return `corpo ${response.status} diverso dallo schema: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`
}

async function call(kind: Kind, method: string, sample: string) {
  const identity = identities.get(kind === 'anonymous' ? 'premium' : kind)
  if (!identity) throw new Error(`Nessuna identità per ${kind}`)
  const path = fill(sample, identity)
  const write = method !== 'GET' && method !== 'HEAD'
  const response = await portal.fetch(path, {
    method,
    cookie: kind === 'anonymous' ? undefined : identity.cookie,
    headers: write ? { 'content-type': 'application/json' } : undefined,
    body: write ? '{}' : undefined,
  })
  return { path, response, text: await response.text() }
}

describe('authorization matrix', () => {
  it('lists every operation of the OpenAPI document, and nothing that is not one', () => {
    expect(operations.length).toBeGreaterThan(100)
    const missing = operations.filter((operation) => !(operation in API_MATRIX))
    const stale = Object.keys(API_MATRIX).filter((operation) => !operations.includes(operation))
    expect({ missing, stale }).toEqual({ missing: [], stale: [] })
  })

  it('refuses anonymous callers exactly where the API’s list of public operations says', () => {
    const mismatches = Object.entries(API_MATRIX)
      .filter(([operation, row]) => (row.expect[0] === 401) === operation in PUBLIC_OPERATIONS)
      .map(([operation, row]) => `${operation}: anonimo ${row.expect[0]}`)
    // The OpenAPI document itself is public and is not one of its own operations.
    const stale = Object.keys(PUBLIC_OPERATIONS).filter(
      (operation) => operation !== 'GET /api/v1/openapi.json' && !operations.includes(operation),
    )
    expect({ mismatches, stale }).toEqual({ mismatches: [], stale: [] })
  })

  it('answers every API operation as the table says, each answer documented with its schema, with no other account’s data', async () => {
    const mismatches: string[] = []
    for (const [operation, row] of Object.entries(API_MATRIX)) {
      if (!operations.includes(operation)) continue
      const [method = 'GET'] = operation.split(' ')
      for (const kind of VISITOR_KINDS) {
        const { path, response, text } = await call(kind, method, `/api/v1${samplePath(operation, row)}`)
        const expected = row.expect[VISITOR_KINDS.indexOf(kind)]
        const actual = outcomeOf(response)
        if (actual !== expected) mismatches.push(`${kind} ${method} ${path}: ${actual}, atteso ${expected}`)
        const mismatch = undocumented(operation, response, text)
        if (mismatch) mismatches.push(`${kind} ${method} ${path}: ${mismatch}`)
        const leaked = foreignMarkers(kind).filter((marker) => text.includes(marker))
        if (leaked.length > 0)
          mismatches.push(`${kind} ${method} ${path}: dati di altri account ${leaked.join(', ')}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('serves every page of the specifications as the table says, with no other account’s data', async () => {
    const mismatches: string[] = []
    for (const [sample, row] of Object.entries(PAGE_MATRIX)) {
      const results = []
      for (const kind of VISITOR_KINDS) {
        const { path, response, text } = await call(kind, 'GET', sample)
        results.push({ kind, path, actual: outcomeOf(response), text })
      }
      for (const { kind, path, actual, text } of results) {
        const expected = fill(String(row.expect[VISITOR_KINDS.indexOf(kind)]), identities.get('premium')!)
        if (String(actual) !== expected) mismatches.push(`${kind} ${path}: ${actual}, atteso ${expected}`)
        const leaked = foreignMarkers(kind).filter((marker) => text.includes(marker))
        if (leaked.length > 0) mismatches.push(`${kind} ${path}: dati di altri account ${leaked.join(', ')}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('prints a document with a token for each reader of texts in force, each answer parsed with its schema', async () => {
    const mismatches: string[] = []
    for (const kind of ['trial', 'premium', 'professional'] as const) {
      const cookie = identities.get(kind)?.cookie
      const token = await portal.fetch('/api/v1/stampa/token', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tipoDocumento: 'testo', codiceRiferimento: '1331' }),
      })
      const tokenText = await token.text()
      if (token.status !== 200) mismatches.push(`${kind} POST /stampa/token: ${token.status}`)
      const refused = undocumented('POST /api/v1/stampa/token', token, tokenText)
      if (refused) mismatches.push(`${kind} POST /stampa/token: ${refused}`)
      const { url } = JSON.parse(tokenText) as { url: string }
      const printed = await portal.fetch(`/api/v1${url}`, { cookie })
      if (printed.status !== 200) mismatches.push(`${kind} GET ${url}: ${printed.status}`)
      const mismatch = undocumented(
        'GET /api/v1/stampa/{tipoDocumento}/{codiceRiferimento}',
        printed,
        await printed.text(),
      )
      if (mismatch) mismatches.push(`${kind} GET ${url}: ${mismatch}`)
    }
    expect(mismatches).toEqual([])
  })

  it('has seen every contract database operation answer 200 with a body its schema accepts', () => {
    expect(databaseOperations.length).toBeGreaterThan(50)
    expect(databaseOperations.filter((operation) => !parsedAnswers.has(operation))).toEqual([])
  })

  it('checks the Studio secondary column: the demo secondary account is linked to its Studio', () => {
    expect(studioLinked).toBe(true)
  })
})

/** A one-pixel PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The body of an attempt on another account: the row's valid body, `{}` for other writes, none for reads. */
function attackRequest(method: string, row: (typeof API_MATRIX)[string]): RequestInit {
  if (method === 'GET') return {}
  if (row.attackBody === 'picture') {
    const form = new FormData()
    form.append('file', new Blob([PIXEL], { type: 'image/png' }), 'foto.png')
    return { body: form }
  }
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(row.attackBody ?? {}) }
}

describe('reaching another account’s data through the path', () => {
  /** Attacker and victim: a peer of the same kind where the demo has one, else the nearest kind. */
  const pairs: [Kind | Peer, Kind | Peer][] = [
    ['trial', 'secondTrial'],
    ['secondTrial', 'trial'],
    ['premium', 'secondPremium'],
    ['secondPremium', 'premium'],
    ['trialExpired', 'trial'],
    ['premium', 'professional'],
    ['professional', 'studioOwner'],
    ['studioOwner', 'professional'],
    ['studioSecondary', 'studioOwner'],
  ]
  const owned = Object.entries(API_MATRIX).filter(([operation, row]) =>
    /:(uid|email|customer|subscription)\b/.test(samplePath(operation, row)),
  )

  it('covers every operation whose path names an account', () => {
    expect(owned.map(([operation]) => operation).length).toBeGreaterThanOrEqual(15)
  })

  it.each(pairs)('%s cannot read or change the data of %s', async (attackerKind, victimKind) => {
    const attacker = identities.get(attackerKind)
    const victim = identities.get(victimKind)
    if (!attacker || !victim) throw new Error('Account mancante')
    const victimMarkers = [victim.email, victim.uid, victim.customer, victim.subscription].filter(
      (marker) => !/_nessuno$/.test(marker),
    )
    const failures: string[] = []
    for (const [operation, row] of owned) {
      const [method = 'GET'] = operation.split(' ')
      const path = fill(`/api/v1${samplePath(operation, row)}`, victim)
      const response = await portal.fetch(path, {
        method,
        cookie: attacker.cookie,
        ...attackRequest(method, row),
      })
      const text = await response.text()
      // Refused (or not found for this caller); a 400 would only mean the sample body was wrong.
      if (![401, 403, 404].includes(response.status)) failures.push(`${method} ${path}: ${response.status}`)
      const leaked = victimMarkers.filter(
        (marker) => text.includes(marker) && !path.includes(encodeURIComponent(marker)),
      )
      if (leaked.length > 0) failures.push(`${method} ${path}: dati di ${victimKind} ${leaked.join(', ')}`)
    }
    expect(failures).toEqual([])
  })
})
