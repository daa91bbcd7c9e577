/**
 * The feed on the real embedded Postgres, through the REST API: home lists,
 * the changelog, articles cut on the server, search (Postgres engine) with
 * its rules, attachments, views, the fan-out of a published item to the
 * followers of its contract, the bell's calls and the daily digest.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  CLIENT_IP_HEADER,
  forgetViewers,
  handleAuthRequest,
  hashPassword,
  inTransaction,
  insertAccount,
} from '../accounts/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import {
  favouritesNews,
  feedPool,
  notifyContractFollowers,
  registerEmailSubscription,
  sendNotificationDigests,
  viewsOf,
} from './index.ts'

// Who follows which contract, as the contract database's favourites would say (set by each test).
const { followers } = vi.hoisted(() => ({ followers: new Map<number, string[]>() }))
vi.mock('../ccnl/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  followersOfContracts: async (codes: readonly number[]) =>
    codes.flatMap((code) => followers.get(code) ?? []),
  favouriteContractCodes: async (userId: string) =>
    [...followers.entries()].filter(([, users]) => users.includes(userId)).map(([code]) => code),
}))

const api = createApi({ version: 'test' })
const unique = () => randomBytes(4).toString('hex')
const base = () => getEnv().publicUrl

type Call = { method?: string; body?: unknown; cookie?: string; ip?: string }
function v1(path: string, call: Call = {}): Promise<Response> {
  const headers = new Headers({
    origin: base(),
    [CLIENT_IP_HEADER]: call.ip ?? `10.9.${Math.floor(Math.random() * 250)}.1`,
  })
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  if (call.cookie) headers.set('cookie', call.cookie)
  return Promise.resolve(
    api.fetch(
      new Request(`${base()}/api/v1${path}`, {
        method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      }),
    ),
  )
}
const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T

/** Signs `email` in with `password`: the Cookie header of its session. */
async function signInAs(email: string, password: string): Promise<string> {
  const signedIn = await handleAuthRequest(
    new Request(`${base()}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        origin: base(),
        'content-type': 'application/json',
        [CLIENT_IP_HEADER]: `10.6.${Math.floor(Math.random() * 250)}.1`,
      },
      body: JSON.stringify({ email, password }),
    }),
  )
  expect(signedIn.status).toBe(200)
  return signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
}

let payload: Payload
let pool: Pool
let close: () => Promise<void>
let trialCookie = ''
let trialUserId = ''
let trialEmail = ''
const tag = unique()
const sectorCode = 900 + Math.floor(Math.random() * 90)
const contractCode = 90_000 + Math.floor(Math.random() * 9000)
const secret = `SEGRETO${tag}`

async function createNews(data: Record<string, unknown>) {
  return payload.create({
    collection: 'news',
    data: { _status: 'published', type: 'news', ...data } as never,
    overrideAccess: true,
  })
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  payload = cms.payload
  close = cms.close
  pool = await feedPool(payload)

  const sector = await payload.create({
    collection: 'sectors',
    data: { code: sectorCode, name: `Settore prova ${tag}` },
    overrideAccess: true,
  })
  await payload.create({
    collection: 'contracts',
    data: { code: contractCode, title: `CCNL Prova ${tag}`, sector: sector.id } as never,
    overrideAccess: true,
  })

  trialEmail = `feed-${tag}@esempio.it`
  const signup = await v1('/user/trial-signup', {
    body: { nome: 'Lia', cognome: 'Neri', email: trialEmail, professione: 'professionista' },
  })
  expect(signup.status).toBe(201)
  // Signed in with the mailed password (the sign-up signs nobody in).
  const welcome = await pool.query<{ user_id: string; data: { password: string } }>(
    `select u.id as user_id, m.data from mail_outbox m join auth_users u on u.email = m.recipient
      where m.recipient = $1 and m.template = 'welcome'`,
    [trialEmail],
  )
  trialUserId = welcome.rows[0]?.user_id ?? ''
  trialCookie = await signInAs(trialEmail, welcome.rows[0]?.data.password ?? '')
})

afterAll(async () => {
  await close()
})

describe('articles', () => {
  let path = ''
  let guid = ''
  let changelogPath = ''

  beforeAll(async () => {
    const longFirst = 'Primo paragrafo della notizia con la libertà sindacale. '.repeat(20)
    const doc = await createNews({
      title: `Contributi sindacali ${tag}: le novità`,
      date: '2026-11-10T12:00:00.000Z',
      html: `<p>${longFirst}</p><p>${secret} secondo paragrafo riservato.</p><table><tr><td>riservato</td></tr></table>`,
    })
    guid = String(doc.guid)
    path = `/notizie/2026/11/${doc.slug}`
    const log = await createNews({
      type: 'changelog',
      title: `Nuova funzione ${tag}`,
      date: '2026-11-11T12:00:00.000Z',
      html: `<p>Primo.</p><p>Secondo ${tag} per tutti.</p>`,
    })
    changelogPath = `/notizie/2026/11/${log.slug}`
  })

  it('gives anonymous visitors at most the first paragraph, 600 characters, and nothing more', async () => {
    const response = await v1(path)
    expect(response.status).toBe(200)
    const article = await json<{ nota: string; troncato: boolean; titolo: string }>(response)
    expect(article.troncato).toBe(true)
    expect(article.nota).not.toContain(secret)
    expect(article.nota).not.toContain('<table')
    expect(article.nota.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(600)
    expect(article.nota).toMatch(/^<p>Primo paragrafo/)
  })

  it('gives a trial user the whole body', async () => {
    const article = await json<{ nota: string; troncato: boolean }>(await v1(path, { cookie: trialCookie }))
    expect(article.troncato).toBe(false)
    expect(article.nota).toContain(secret)
    expect(article.nota).toContain('<table>')
  })

  it('shows changelog items in full to everyone', async () => {
    const article = await json<{ nota: string; troncato: boolean }>(await v1(changelogPath))
    expect(article.troncato).toBe(false)
    expect(article.nota).toContain(`Secondo ${tag}`)
  })

  it('answers 404 for an unknown article and 400 for a bad year', async () => {
    expect((await v1('/notizie/2026/11/non-esiste-affatto')).status).toBe(404)
    expect((await v1('/notizie/duemila/11/x')).status).toBe(400)
  })

  it('records views', async () => {
    expect((await v1(`/notizie/viewed/${guid}`, { method: 'POST' })).status).toBe(200)
    expect((await v1(`/notizie/viewed/${guid}`, { method: 'POST' })).status).toBe(200)
    expect(await viewsOf(guid, payload)).toBe(2)
    expect((await v1('/notizie/viewed/sconosciuta-123', { method: 'POST' })).status).toBe(404)
  })

  it('keeps tags for subscribers and trial users', async () => {
    expect((await v1(`/notizie/tags/${guid}`)).status).toBe(401)
    expect((await v1(`/notizie/tags/${guid}`, { cookie: trialCookie })).status).toBe(200)
  })
})

describe('home lists and changelog', () => {
  it('lists news and deadlines newest first from any start, without changelog items', async () => {
    const first = await json<{ notizie: { guid: string; guid_categoria: string }[]; altre: boolean }>(
      await v1('/notizie/homepage?start=0&limit=6'),
    )
    expect(first.notizie.length).toBeGreaterThan(0)
    expect(first.notizie.every((item) => item.guid_categoria !== 'changelog')).toBe(true)
    const shifted = await json<{ notizie: { guid: string }[] }>(await v1('/notizie/homepage?start=1&limit=2'))
    expect(shifted.notizie.map((item) => item.guid)).toEqual(
      first.notizie.slice(1, 3).map((item) => item.guid),
    )
  })

  it("leaves an upcoming deadline out of the home list until its day, and lists it among the month's deadlines", async () => {
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    const upcoming = await createNews({
      type: 'deadline',
      title: `Scadenza in arrivo ${tag}`,
      date: `${day}T12:00:00.000Z`,
      html: '<p>Entro il termine va inviata la denuncia.</p><p>Secondo paragrafo.</p>',
    })
    const home = await json<{ notizie: { guid: string; data: string }[] }>(
      await v1('/notizie/homepage?start=0&limit=50'),
    )
    expect(home.notizie.map((item) => item.guid)).not.toContain(upcoming.guid)
    const today = new Date().toISOString().slice(0, 10)
    expect(home.notizie.every((item) => item.data <= today)).toBe(true)
    const [year, month, date] = day.split('-')
    const found = await json<{ scadenze: { guid: string }[] }>(
      await v1(
        `/notizie/ricercaavanzata?datainizio=${date}/${month}/${year}&datafine=${date}/${month}/${year}`,
      ),
    )
    expect(found.scadenze.map((item) => item.guid)).toContain(upcoming.guid)
  })

  it('lists the changelog', async () => {
    const page = await json<{ notizie: { guid_categoria: string; titolo: string }[] }>(
      await v1('/changelog?limit=3'),
    )
    expect(page.notizie.every((item) => item.guid_categoria === 'changelog')).toBe(true)
  })

  it('rejects a bad page with 400', async () => {
    expect((await v1('/notizie/homepage?limit=500')).status).toBe(400)
  })
})

describe('search', () => {
  beforeAll(async () => {
    await createNews({
      title: `Apprendistato professionalizzante ${tag}`,
      date: '2026-11-05T12:00:00.000Z',
      html: '<p>Le regole del contratto di apprendistato e la formazione.</p>',
      sectors: [
        (await payload.find({ collection: 'sectors', where: { code: { equals: sectorCode } } })).docs[0]?.id,
      ],
    })
    await createNews({
      type: 'deadline',
      title: `Versamento contributi previdenziali ${tag}`,
      date: '2026-11-16T12:00:00.000Z',
      html: '<p>Scadenza del versamento dei contributi.</p>',
    })
  })

  it('finds words with and without accents and with a typo', async () => {
    const accented = await json<{ notizie: { titolo: string }[] }>(
      await v1(`/notizie/ricerca/${encodeURIComponent('libertà sindacale')}`),
    )
    const plain = await json<{ notizie: { titolo: string }[] }>(
      await v1('/notizie/ricerca/liberta%20sindacale'),
    )
    expect(accented.notizie.some((item) => item.titolo.includes(tag))).toBe(true)
    expect(plain.notizie.some((item) => item.titolo.includes(tag))).toBe(true)
    const typo = await json<{ notizie: { titolo: string }[] }>(await v1('/notizie/ricerca/apprendistaato'))
    expect(typo.notizie.some((item) => item.titolo.startsWith('Apprendistato professionalizzante'))).toBe(
      true,
    )
  })

  it('tells news and deadlines apart', async () => {
    const found = await json<{ notizie: unknown[]; scadenze: { titolo: string }[] }>(
      await v1(`/notizie/ricerca/versamento%20${tag}`),
    )
    expect(found.scadenze.some((item) => item.titolo.includes(tag))).toBe(true)
  })

  it('searches, without access, only what every visitor reads: the paid part of an article is never matched', async () => {
    const titles = async (text: string, cookie?: string) =>
      (
        await json<{ notizie: { titolo: string }[] }>(
          await v1(`/notizie/ricerca/${encodeURIComponent(text)}`, cookie ? { cookie } : {}),
        )
      ).notizie.map((item) => item.titolo)
    const paidTitle = `Contributi sindacali ${tag}: le novità`
    // The secret is in the second paragraph, which only subscribers and trials read.
    expect(await titles(secret, trialCookie)).toContain(paidTitle)
    expect(await titles(secret)).not.toContain(paidTitle)
    expect(await titles(`${secret} riservato`)).toEqual([])
    // The title and the free opening are found by everyone.
    expect(await titles(`Contributi sindacali ${tag}`)).toContain(paidTitle)
    expect(await titles('Primo paragrafo della notizia')).toContain(paidTitle)
  })

  it('limits the searches of one address, every search route together, with 429 and Retry-After', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const limit = getEnv().SEARCHES_PER_MINUTE
    const routes = [
      '/notizie/ricerca/contributi',
      `/notizie/ricercaavanzata?settore=${sectorCode}&contratto=-1`,
      '/ccnlsearch/ccnl/commercio',
      '/ateco/contratti?q=ristorante',
    ]
    for (let index = 0; index < limit; index += 1) {
      const response = await v1(routes[index % routes.length] ?? '', { ip })
      expect(response.status, `ricerca ${index + 1}`).toBe(200)
    }
    for (const route of routes) {
      const refused = await v1(route, { ip })
      expect(refused.status, route).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
        'Hai effettuato troppe ricerche in poco tempo da questa rete. Attendi qualche istante e riprova.',
      )
    }
    // Another address searches; the rest of the API is not limited for this one.
    expect((await v1('/notizie/ricerca/contributi')).status).toBe(200)
    expect((await v1('/notizie/homepage', { ip })).status).toBe(200)
  }, 180_000)

  it('refuses text of 3 characters or fewer', async () => {
    const response = await v1('/notizie/ricerca/tfr')
    expect(response.status).toBe(400)
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
      'Per cercare scrivi più di 3 caratteri.',
    )
  })

  it('applies the filter rules', async () => {
    const invalid = await v1('/notizie/ricercaavanzata?settore=-1&contratto=-1')
    expect(invalid.status).toBe(400)
    expect((await json<{ error: { message: string } }>(invalid)).error.message).toBe(
      'I filtri impostati non sono validi.',
    )
    const bySector = await json<{ notizie: { titolo: string }[] }>(
      await v1(`/notizie/ricercaavanzata?settore=${sectorCode}&contratto=-1`),
    )
    expect(bySector.notizie.map((item) => item.titolo)).toEqual([`Apprendistato professionalizzante ${tag}`])
    const byDates = await json<{ scadenze: { titolo: string }[] }>(
      await v1(
        `/notizie/ricercaavanzata?settore=-1&contratto=-1&datainizio=16/11/2026&datafine=16/11/2026&testo=${tag}`,
      ),
    )
    expect(byDates.scadenze.map((item) => item.titolo)).toEqual([
      `Versamento contributi previdenziali ${tag}`,
    ])
    const titleMiss = await json<{ notizie: unknown[] }>(
      await v1(`/notizie/ricercaavanzata?settore=${sectorCode}&contratto=-1&testo=nessuntitolo`),
    )
    expect(titleMiss.notizie).toEqual([])
  })
  it('counts views towards the most consulted sectors', async () => {
    const found = await json<{ notizie: { guid: string }[] }>(
      await v1(`/notizie/ricercaavanzata?settore=${sectorCode}&contratto=-1`),
    )
    const guid = found.notizie[0]?.guid ?? ''
    for (let view = 0; view < 50; view += 1) await v1(`/notizie/viewed/${guid}`, { method: 'POST' })
    const sectors = await json<{ codiceSettore: number; descrizioneSettore: string }[]>(
      await v1('/notizie/settoripiuconsultati'),
    )
    expect(sectors[0]).toEqual({ codiceSettore: sectorCode, descrizioneSettore: `Settore prova ${tag}` })
  })
})

describe('attachments', () => {
  let guid = ''
  let pdf = Buffer.alloc(0)
  beforeAll(async () => {
    pdf = await readFile(
      path.join(process.cwd(), 'data/demo/media/allegato-minimi-edilizia-industria-2026-03-01.pdf'),
    )
    const media = await payload.create({
      collection: 'media',
      data: {},
      file: { data: pdf, mimetype: 'application/pdf', name: `allegato-${tag}.pdf`, size: pdf.length },
      overrideAccess: true,
    })
    const doc = await createNews({
      title: `Minimi con allegato ${tag}`,
      date: '2026-11-09T12:00:00.000Z',
      html: '<p>Tabelle in allegato.</p>',
      attachment: media.id,
      attachmentName: 'Minimi dal 01/11/2026',
    })
    guid = String(doc.guid)
  })

  it('names the attachment for everyone', async () => {
    expect(await json(await v1(`/notizie/allegato/${guid}`))).toEqual({ nome: 'Minimi dal 01/11/2026' })
  })

  it('serves the file only to entitled users', async () => {
    expect((await v1(`/notizie/allegato/${guid}/download`)).status).toBe(401)
    const response = await v1(`/notizie/allegato/${guid}/download`, { cookie: trialCookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Minimi%20dal%2001%2011%202026.pdf",
    )
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true)
  })
})

describe('notifications', () => {
  it('answers 401 to anonymous callers before reading input', async () => {
    expect((await v1('/notifications')).status).toBe(401)
    expect((await v1('/notifications/setread/abc', { method: 'POST' })).status).toBe(401)
    expect((await v1('/user/register-email-subscription', { body: {} })).status).toBe(401)
  })

  it('fans out a published item to the followers of its contract, once, through the job', async () => {
    followers.set(contractCode, [trialUserId])
    const contract = (
      await payload.find({ collection: 'contracts', where: { code: { equals: contractCode } } })
    ).docs[0]
    const doc = await createNews({
      title: `Rinnovo del CCNL Prova ${tag}`,
      date: '2026-11-20T12:00:00.000Z',
      html: '<p>Firmata l’ipotesi di accordo.</p>',
      contracts: [contract?.id],
    })
    // Nothing is written in the editor's request: the job does it.
    expect((await json<unknown[]>(await v1('/notifications', { cookie: trialCookie }))).length).toBe(0)
    await payload.jobs.run({ queue: 'default' })
    const list = await json<{ id: number; title: string; link: string; read: boolean; created: string }[]>(
      await v1('/notifications', { cookie: trialCookie }),
    )
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ title: `Rinnovo del CCNL Prova ${tag}`, read: false })
    expect(list[0]?.link).toBe(`/bancadati/quotidiano/notizia/2026/11/${doc.slug}`)

    // Saving it again does not notify twice.
    await payload.update({
      collection: 'news',
      id: doc.id,
      data: { title: `Rinnovo del CCNL Prova ${tag} (agg.)` },
      overrideAccess: true,
    })
    await payload.jobs.run({ queue: 'default' })
    expect(await json<unknown[]>(await v1('/notifications', { cookie: trialCookie }))).toHaveLength(1)
  })

  it('returns the list oldest first, marks one and all as read', async () => {
    const contract = (
      await payload.find({ collection: 'contracts', where: { code: { equals: contractCode } } })
    ).docs[0]
    await createNews({
      title: `Seconda notizia ${tag}`,
      date: '2026-11-21T12:00:00.000Z',
      html: '<p>Testo.</p>',
      contracts: [contract?.id],
    })
    await payload.jobs.run({ queue: 'default' })
    const list = await json<{ id: number; title: string; read: boolean }[]>(
      await v1('/notifications', { cookie: trialCookie }),
    )
    expect(list.map((item) => item.title)).toEqual([
      `Rinnovo del CCNL Prova ${tag}`,
      `Seconda notizia ${tag}`,
    ])
    const first = list[0]?.id ?? 0
    expect(
      (await v1(`/notifications/setread/${first}`, { method: 'POST', cookie: trialCookie })).status,
    ).toBe(200)
    expect(
      (await v1('/notifications/setread/999999999', { method: 'POST', cookie: trialCookie })).status,
    ).toBe(404)
    const after = await json<{ read: boolean }[]>(await v1('/notifications', { cookie: trialCookie }))
    expect(after.map((item) => item.read)).toEqual([true, false])
    expect(await json(await v1('/notifications/allread', { method: 'POST', cookie: trialCookie }))).toEqual({
      updated: 1,
    })
  })

  it('lists the news of favourite contracts', async () => {
    const page = await json<{ notizie: { titolo: string }[] }>(
      await v1('/notizie/preferite/all', { cookie: trialCookie }),
    )
    expect(page.notizie.map((item) => item.titolo)).toContain(`Seconda notizia ${tag}`)
    expect((await v1('/notizie/preferite')).status).toBe(401)
  })

  it('narrows the feed pages of favourites by recency, sector, contract, dates and title', async () => {
    const titles = (found: Awaited<ReturnType<typeof favouritesNews>>) =>
      found.results.notizie.map((item) => item.titolo)
    const all = await favouritesNews(trialUserId, { recent: false, filters: null })
    expect(all.contracts.map((contract) => contract.codiceContratto)).toEqual([contractCode])
    expect(titles(all)).toContain(`Seconda notizia ${tag}`)
    expect(all.results.scadenze).toEqual([])
    // /preferiti shows the last 30 days only.
    const later = await favouritesNews(trialUserId, {
      recent: true,
      filters: null,
      now: new Date('2027-02-01T12:00:00Z'),
    })
    expect(later.results.notizie).toEqual([])
    const oneDay = await favouritesNews(trialUserId, {
      recent: false,
      filters: { sectorCode, contractCode: -1, from: '2026-11-21', to: '2026-11-21' },
    })
    expect(titles(oneDay)).toEqual([`Seconda notizia ${tag}`])
    const byTitle = await favouritesNews(trialUserId, {
      recent: false,
      filters: { sectorCode: -1, contractCode, titleMatch: 'SECONDA' },
    })
    expect(titles(byTitle)).toEqual([`Seconda notizia ${tag}`])
    const otherContract = await favouritesNews(trialUserId, {
      recent: false,
      filters: { sectorCode: -1, contractCode: contractCode + 1 },
    })
    expect(otherContract.results.notizie).toEqual([])
    expect((await favouritesNews('nessuno', { recent: false, filters: null })).contracts).toEqual([])
  })

  it('registers the e-mail subscription for the caller only and sends one daily digest', async () => {
    expect((await v1('/user/email-subscription/altro-utente', { cookie: trialCookie })).status).toBe(403)
    expect(await json(await v1(`/user/email-subscription/${trialUserId}`, { cookie: trialCookie }))).toEqual({
      subscribed: false,
    })
    const registered = await v1('/user/register-email-subscription', {
      cookie: trialCookie,
      body: { userId: trialUserId, email: 'altro@esempio.it', name: 'Altro' },
    })
    expect(registered.status).toBe(200)
    expect(await json(await v1(`/user/email-subscription/${trialUserId}`, { cookie: trialCookie }))).toEqual({
      subscribed: true,
    })

    const contract = (
      await payload.find({ collection: 'contracts', where: { code: { equals: contractCode } } })
    ).docs[0]
    await createNews({
      title: `Terza notizia ${tag}`,
      date: '2026-11-22T12:00:00.000Z',
      html: '<p>Testo.</p>',
      contracts: [contract?.id],
    })
    await payload.jobs.run({ queue: 'default' })

    expect(await sendNotificationDigests(pool)).toBeGreaterThanOrEqual(1)
    const mails = await pool.query<{
      recipient: string
      subject: string
      data: { items: { title: string }[] }
    }>(`select recipient, subject, data from mail_outbox where dedupe_key like $1`, [
      `feed-digest:${trialUserId}:%`,
    ])
    expect(mails.rows).toHaveLength(1)
    // To the account's own address, whatever the body said.
    expect(mails.rows[0]?.recipient).toBe(trialEmail)
    expect(mails.rows[0]?.data.items.map((item) => item.title)).toEqual([`Terza notizia ${tag}`])
    // A second run the same day writes nothing more.
    await sendNotificationDigests(pool)
    expect(
      (
        await pool.query(`select 1 from mail_outbox where dedupe_key like $1`, [
          `feed-digest:${trialUserId}:%`,
        ])
      ).rows,
    ).toHaveLength(1)

    expect(
      (
        await v1('/user/unregister-email-subscription', {
          cookie: trialCookie,
          body: { userId: trialUserId },
        })
      ).status,
    ).toBe(200)
    expect(await json(await v1(`/user/email-subscription/${trialUserId}`, { cookie: trialCookie }))).toEqual({
      subscribed: false,
    })
  })
})

describe('renewal figures and the follower’s access', () => {
  const PASSWORD = 'Prova2026!'
  const figures = 'Livello 1: da 1.800,00 € a 1.857,35 € (+57,35 €, +3,19 %)'

  /** A trial account ending `days` from now (negative: ended), signed in: its id and cookie. */
  async function follower(days: number) {
    const email = `segue-${unique()}@esempio.it`
    const id = await inTransaction(async (client) =>
      insertAccount(client, {
        email,
        firstName: 'Ada',
        lastName: 'Riva',
        profession: null,
        accountType: 'trial',
        trialEndsAt: new Date(Date.now() + days * 86_400_000),
        emailVerified: true,
        passwordHash: await hashPassword(PASSWORD),
      }),
    )
    if (!id) throw new Error('account non creato')
    return { id, email, cookie: await signInAs(email, PASSWORD) }
  }

  const alert = (key: string) => ({
    key: `tabella:${key}-${tag}`,
    title: `Nuova tabella retributiva ${key} ${tag}`,
    body: figures,
    link: `/bancadati/0/1/${contractCode}/1/2`,
  })

  const bell = async (cookie: string) =>
    json<{ title: string; body: string; link: string }[]>(await v1('/notifications', { cookie }))

  it('writes the figures only for followers whose access opens the database; the others get the title and a prompt', async () => {
    const reader = await follower(3)
    const ended = await follower(-1)
    followers.set(contractCode, [reader.id, ended.id])
    expect(await notifyContractFollowers([contractCode], alert('a'), payload)).toBe(2)

    expect(await bell(reader.cookie)).toEqual([
      expect.objectContaining({ title: alert('a').title, body: figures, link: alert('a').link }),
    ])
    const locked = await bell(ended.cookie)
    expect(locked).toEqual([
      expect.objectContaining({
        title: alert('a').title,
        body: 'I nuovi minimi e i dettagli del rinnovo sono riservati agli abbonati e a chi ha la prova gratuita in corso. Scegli un abbonamento per consultarli nella banca dati.',
        link: '/acquista',
      }),
    ])
    // The figures were never written for it.
    const stored = await pool.query<{ body: string }>(
      'select body from feed_notifications where user_id = $1',
      [ended.id],
    )
    expect(stored.rows.map((row) => row.body).join(' ')).not.toContain('1.857,35')
  })

  it('shows the figures in the bell and the digest only while the access still allows them', async () => {
    const reader = await follower(3)
    followers.set(contractCode, [reader.id])
    await registerEmailSubscription(pool, { userId: reader.id, email: reader.email, name: 'Ada Riva' })
    expect(await notifyContractFollowers([contractCode], alert('b'), payload)).toBe(1)
    expect((await bell(reader.cookie))[0]?.body).toBe(figures)

    // The trial ends before the digest goes out.
    await pool.query(`update auth_users set trial_ends_at = now() - interval '1 hour' where id = $1`, [
      reader.id,
    ])
    forgetViewers()
    expect((await bell(reader.cookie))[0]?.body).not.toContain('1.857,35')
    expect(await sendNotificationDigests(pool)).toBeGreaterThanOrEqual(1)
    const mail = await pool.query<{ data: { items: { title: string; text: string; url: string }[] } }>(
      'select data from mail_outbox where dedupe_key like $1',
      [`feed-digest:${reader.id}:%`],
    )
    expect(mail.rows[0]?.data.items).toEqual([
      expect.objectContaining({ title: alert('b').title, url: '/acquista' }),
    ])
    expect(JSON.stringify(mail.rows[0]?.data)).not.toContain('1.857,35')
  })
})
