/**
 * The database API on the real embedded Postgres with the shipped demo data,
 * through the same HTTP entries the browser uses: every content route as
 * each kind of visitor (status and no forbidden text in the answer),
 * favourites, the view log, print tokens and case-insensitive paths.
 */
import ExcelJS from 'exceljs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CLIENT_IP_HEADER, handleAuthRequest } from '../accounts/index.ts'
import { DEMO_PERSONA_PASSWORD, ensureDemoPersonas } from '../../dev/demo/index.ts'
import { createApi } from '../api/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { truncateContent } from '../../tests/content.ts'
import { importPackage } from '../importer/index.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { getSearch, reindexAll } from '../search/index.ts'
import { pdfText } from '../../tests/pdf-text.ts'
import {
  favouriteContractCodes,
  followersOfContracts,
  listEffectiveDates,
  previewPayTableDelta,
} from './index.ts'

// The demo personas' subscriptions as billing's mirror would give them (these tests run without Stripe).
vi.mock('../access/subscription.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  lookupSubscription: async ({ email }: { email: string }) => {
    if (email === 'premium@demo.local')
      return { subscription: { plan: 'premium', studio: false, status: 'active' } }
    if (email === 'professional@demo.local')
      return { subscription: { plan: 'professional', studio: false, status: 'active' } }
    return {}
  },
}))

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const api = createApi({ version: 'test' })
let close: () => Promise<void>
let payload: Payload

type Kind = 'anonymous' | 'trial' | 'trialExpired' | 'premium' | 'professional'
const kinds: Kind[] = ['anonymous', 'trial', 'trialExpired', 'premium', 'professional']
const emails: Record<Exclude<Kind, 'anonymous'>, string> = {
  trial: 'prova@demo.local',
  trialExpired: 'scaduto@demo.local',
  premium: 'premium@demo.local',
  professional: 'professional@demo.local',
}
const cookies: Partial<Record<Kind, string>> = {}
const userIds: Partial<Record<Kind, string>> = {}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

function request(pathname: string, options: { cookie?: string; method?: string; body?: unknown } = {}) {
  const headers = new Headers({ origin: getEnv().publicUrl, [CLIENT_IP_HEADER]: randomIp() })
  if (options.cookie) headers.set('cookie', options.cookie)
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  return new Request(`${getEnv().publicUrl}${pathname}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
}

const v1 = (pathname: string, kind: Kind = 'anonymous', options: { method?: string; body?: unknown } = {}) =>
  api.fetch(request(`/api/v1${pathname}`, { ...options, cookie: cookies[kind] }))

async function signIn(email: string): Promise<{ cookie: string; id: string }> {
  const response = await handleAuthRequest(
    request('/api/auth/sign-in/email', { body: { email, password: DEMO_PERSONA_PASSWORD } }),
  )
  expect(response.status).toBe(200)
  const body = (await response.json()) as { user: { id: string } }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
  return { cookie, id: body.user.id }
}

let inForceDate = ''
let historicalDate = ''

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  payload = await (await import('../cms/index.ts')).getCms()
  // Other test files leave their own content behind: start from the demo data set alone.
  await truncateContent(payload)
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload })
  expect(report.error ?? null).toBeNull()
  expect(report.totals.rejected).toBe(0)
  await reindexAll(payload, await getSearch(payload))
  await ensureDemoPersonas()
  for (const kind of kinds) {
    if (kind === 'anonymous') continue
    const session = await signIn(emails[kind])
    cookies[kind] = session.cookie
    userIds[kind] = session.id
  }
  const dates = await listEffectiveDates(19)
  const toApi = (day: string) => day.split('-').reverse().join('-')
  inForceDate = toApi(
    dates.find((date) => !date.historical && date.day <= new Date().toISOString().slice(0, 10))?.day ?? '',
  )
  historicalDate = toApi(dates.find((date) => date.historical)?.day ?? '')
})

afterAll(async () => {
  await close()
})

type Level = 'public' | 'inForce' | 'summaries' | 'archive' | 'territorial'
const allowed: Record<Level, Kind[]> = {
  public: kinds,
  inForce: ['trial', 'premium', 'professional'],
  summaries: ['premium', 'professional'],
  archive: ['professional'],
  territorial: ['professional'],
}

/** Every content route of the demo contract (Terziario Confcommercio, category 19) with what it needs. */
const routes = (): [string, Level][] => [
  ['/settori', 'public'],
  ['/settori/11', 'public'],
  ['/contratti', 'public'],
  ['/contratti/133', 'public'],
  ['/categorie', 'public'],
  ['/categorie/19', 'public'],
  ['/raccordocontratti', 'public'],
  ['/tipisia', 'public'],
  ['/ccnlsearch/ccnl/terziario', 'public'],
  ['/categorie/piuconsultate', 'public'],
  ['/tabelleretributive/decorrenze/bycategoria/19', 'public'],
  ['/contratti/testi/nazionale/consolidato/byContratto/133', 'public'],
  ['/contratti/testi/nazionale/bycontratto/133', 'public'],
  ['/contratti/testi/nazionale/navigazione/1331', 'public'],
  ['/contratti/testi/nazionale/consolidato/navigazione/1331', 'public'],
  ['/contratti/testi/nazionale/consolidato/alberoargomenti/1331', 'public'],
  ['/schedesintetiche/19', 'public'],
  ['/mansionari/albero/19', 'public'],
  ['/territori/byContrattoCategoria/133/19', 'public'],
  ['/aziende/byContratto/133', 'public'],
  [`/tabelleretributive/byCategoria/19/decorrenza/${inForceDate}`, 'inForce'],
  [`/tabelleretributive/note/categoria/19/decorrenza/${inForceDate}`, 'inForce'],
  ['/contratti/testi/nazionale/1331', 'inForce'],
  ['/contratti/testi/nazionale/consolidato/byTesto/1331', 'inForce'],
  ['/contratti/testi/nazionale/consolidato/byTesto/1331/ricerca/ferie', 'inForce'],
  ['/contratti/testi/nazionale/byTesto/1331/ricerca/ferie', 'inForce'],
  ['/contratti/testi/nazionale/1333', 'archive'],
  ['/contratti/testi/nazionale/1332', 'archive'],
  ['/contratti/testi/nazionale/byTesto/1333/ricerca/ferie', 'archive'],
  [`/tabelleretributive/bycategoria/19/decorrenza/${historicalDate}`, 'archive'],
  ['/mansionari/19', 'summaries'],
  ['/istituticontrattuali/19', 'summaries'],
  ['/normetfr/19', 'summaries'],
  ['/schedesintetiche/19/pdf', 'summaries'],
  ['/ccnlinps/bycategoria/19', 'summaries'],
  ['/cnel/byCategoria/19', 'summaries'],
  ['/ateco/byCategoria/19', 'summaries'],
  ['/territoriali/testi/byContrattoRegione/133/03', 'territorial'],
  ['/territoriali/testi/byContrattoProvincia/133/MI', 'territorial'],
  ['/contratti/testi/byAzienda/9004', 'territorial'],
  ['/territoriali/tabelle/decorrenze/19/MI', 'territorial'],
  ['/territoriali/tabelle/decorrenze/aziendali/9004', 'territorial'],
  ['/territoriali/tabella/133-MI-2025-11-01', 'territorial'],
]

/** A distinctive piece of an allowed answer: a run of text from the middle of the body. */
function sampleOf(body: string): string[] {
  const samples: string[] = []
  const text = body.replace(/\\u[0-9a-f]{4}/g, ' ')
  for (const fraction of [0.3, 0.5, 0.7]) {
    const start = Math.floor(text.length * fraction)
    const piece = text.slice(start, start + 40)
    if (piece.length === 40) samples.push(piece)
  }
  return samples
}

describe('paywall: every content route as every kind of visitor', () => {
  it('answers 200 to those allowed, 401 to the others, and never sends forbidden text', async () => {
    expect(inForceDate).toMatch(/^\d{2}-\d{2}-\d{4}$/)
    expect(historicalDate).toMatch(/^\d{2}-\d{2}-\d{4}$/)
    const failures: string[] = []
    for (const [route, level] of routes()) {
      const reference = await v1(route, 'professional')
      expect(reference.status, route).toBe(200)
      const referenceBody = Buffer.from(await reference.arrayBuffer()).toString('latin1')
      const samples = level === 'public' ? [] : sampleOf(referenceBody)
      for (const kind of kinds) {
        const response = await v1(route, kind)
        const expected = allowed[level].includes(kind) ? 200 : 401
        const body = Buffer.from(await response.arrayBuffer()).toString('latin1')
        if (response.status !== expected)
          failures.push(`${kind} ${route}: ${response.status} (atteso ${expected})`)
        if (expected === 401) {
          const error = JSON.parse(body) as { error: { code: string; message: string } }
          if (error.error.code !== 'unauthorized')
            failures.push(`${kind} ${route}: codice ${error.error.code}`)
          for (const sample of samples) {
            if (body.includes(sample)) failures.push(`${kind} ${route}: contiene «${sample}»`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  })

  it('explains why: subscription, trial scope, Professional', async () => {
    const message = async (route: string, kind: Kind) =>
      ((await (await v1(route, kind)).json()) as { error: { message: string } }).error.message
    expect(await message('/contratti/testi/nazionale/1331', 'trialExpired')).toBe(
      'Per consultare questo contenuto serve un abbonamento attivo o la prova gratuita di 7 giorni.',
    )
    expect(await message('/mansionari/19', 'trial')).toBe('Contenuto non incluso nella prova gratuita.')
    expect(await message('/territoriali/tabella/133-MI-2025-11-01', 'premium')).toBe(
      'Questo contenuto è riservato agli utenti Professional',
    )
    expect(await message('/contratti/testi/nazionale/1333', 'trial')).toBe(
      'Questo contenuto è riservato agli utenti Professional',
    )
  })

  it('answers 401 to anonymous callers before validating their input', async () => {
    const response = await v1('/tabelleretributive/byCategoria/abc/decorrenza/non-una-data')
    expect(response.status).toBe(401)
    expect((await v1('/tabelleretributive/byCategoria/abc/decorrenza/x', 'trial')).status).toBe(400)
  })
})

describe('content shapes', () => {
  it('gives a contract with who signed, its filing and expiry and its representativeness', async () => {
    const commerce = await v1('/contratti/133')
    expect(commerce.status).toBe(200)
    const body = (await commerce.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      codiceContratto: 133,
      codiceCnel: 'H011',
      firmatari: {
        datoriali: ['Confcommercio - Imprese per l’Italia'],
        sindacali: ['FILCAMS-CGIL', 'FISASCAT-CISL', 'UILTUCS'],
      },
      scadenza: '2027-03-31',
      rappresentativita: {
        rappresentatoAlCnel: true,
        datorialeCnel: true,
        sindacatoCnel: true,
        confederazioni: ['cgilCislUil', 'confcommercio'],
        piuRappresentativo: true,
      },
    })
    expect(body.primoDeposito).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const today = new Date().toISOString().slice(0, 10)
    expect(body.vigenza).toEqual({
      stato: today > '2027-03-31' ? 'scaduto' : 'in vigore',
      data: '2027-03-31',
    })

    // Domestic work: expired (still applied until renewed), employer side not represented at CNEL.
    const domestic = (await (await v1('/contratti/138')).json()) as Record<string, unknown>
    expect(domestic.vigenza).toEqual({ stato: 'scaduto', data: '2022-12-31' })
    expect(domestic.firmatari).toEqual({
      datoriali: ['Fidaldo', 'Domina'],
      sindacali: ['FILCAMS-CGIL', 'FISASCAT-CISL', 'UILTUCS', 'Federcolf'],
    })
    expect(domestic.rappresentativita).toMatchObject({ datorialeCnel: false, piuRappresentativo: false })
  })

  it('serves the pay table with its columns, the monthly total, the derived amounts and the apprentice split', async () => {
    const response = await v1(`/tabelleretributive/byCategoria/19/decorrenza/${inForceDate}`, 'trial')
    const body = (await response.json()) as {
      tabella: Record<string, unknown>[]
      livelli: { codiceLivello: string; descrizione: string }[]
    }
    const row = body.tabella[0] ?? {}
    for (const key of [
      'codiceLivello',
      'pagaBase',
      'contingenza',
      'terzoElemento',
      'altriElementi',
      'totaleMensile',
      'importoScatto',
      'divisoreOrario',
      'divisoreGiornaliero',
      'oreGiornaliere',
    ]) {
      expect(row).toHaveProperty(key)
    }
    // Every row's total is its elements, and the hourly and daily pay are the total over the divisors.
    for (const level of body.tabella) {
      const others = (level.altriElementi as { importo: number }[]).reduce((sum, e) => sum + e.importo, 0)
      const monthly =
        Number(level.pagaBase) + Number(level.contingenza) + Number(level.terzoElemento) + others
      expect(level.totaleMensile, String(level.codiceLivello)).toBeCloseTo(monthly, 2)
      expect(level.pagaOraria).toBeCloseTo(Number(level.totaleMensile) / Number(level.divisoreOrario), 2)
      expect(level.pagaGiornaliera).toBeCloseTo(
        Number(level.totaleMensile) / Number(level.divisoreGiornaliero),
        2,
      )
    }
    // The 7th level's EDR, granted by the table's note, is in its figures.
    const seventh = body.tabella.find((level) => level.codiceLivello === '7')
    expect(seventh?.altriElementi).toEqual([{ voce: 'EDR', importo: 5.16 }])
    expect(body.livelli.some((level) => /appr/i.test(level.descrizione))).toBe(true)
  })

  it('gives edili operai, paid by the hour, a day of eight hours at the hourly pay', async () => {
    const dates = (await (await v1('/tabelleretributive/decorrenze/byCategoria/23', 'trial')).json()) as {
      decorrenza: string
      storica?: boolean
    }[]
    const current = dates.find((date) => !date.storica) ?? dates[0]
    const response = await v1(`/tabelleretributive/byCategoria/23/decorrenza/${current?.decorrenza}`, 'trial')
    const body = (await response.json()) as { tabella: Record<string, number>[] }
    expect(body.tabella.length).toBeGreaterThan(0)
    for (const level of body.tabella) {
      expect(level.oreGiornaliere).toBe(8)
      expect(level.pagaGiornaliera).toBeCloseTo(8 * (level.pagaOraria ?? 0), 2)
      expect(level.pagaGiornaliera).not.toBeCloseTo((level.totaleMensile ?? 0) / 26, 1)
    }
  })

  it('hides /29999 nodes from the trees and serves the navigation as a d list', async () => {
    const body = (await (await v1('/contratti/testi/nazionale/navigazione/1331')).json()) as { d: unknown[] }
    expect(body.d.length).toBeGreaterThan(0)
    expect(JSON.stringify(body.d)).not.toContain('/29999')
  })

  it('serves the demo summary to everyone with its warning, and the classification codes', async () => {
    const demo = (await (await v1('/schedesintetiche/19')).json()) as { demo: boolean; avviso: string }
    expect(demo.demo).toBe(true)
    expect(demo.avviso).toBe('Attenzione: Stai visualizzando una Sintesi dimostrativa.')
    const inps = (await (await v1('/ccnlinps/byCategoria/19', 'premium')).json()) as { codiceInps: string }[]
    expect(inps.map((code) => code.codiceInps)).toContain('70101')
  })

  it('searches contracts only for text longer than 3 characters', async () => {
    expect((await v1('/ccnlsearch/ccnl/ter')).status).toBe(400)
    const hits = (await (await v1('/ccnlsearch/ccnl/terziario')).json()) as {
      categoria: { codiceCategoria: number }
    }[]
    expect(hits.map((hit) => hit.categoria.codiceCategoria)).toContain(19)
  })

  it('matches paths regardless of case', async () => {
    expect((await v1('/CCNLSEARCH/ccnl/terziario')).status).toBe(200)
    expect((await v1(`/tabelleretributive/BYCATEGORIA/19/Decorrenza/${inForceDate}`, 'trial')).status).toBe(
      200,
    )
  })

  it('answers unknown records with 404 in Italian', async () => {
    const response = await v1('/contratti/testi/nazionale/999999', 'professional')
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Questo documento non è presente in banca dati.',
    )
    expect(
      (await v1('/tabelleretributive/byCategoria/19/decorrenza/01-01-1990', 'professional')).status,
    ).toBe(404)
  })
})

describe('pay table export', () => {
  it('downloads the table as CSV with the owner and Riproduzione Riservata, under the same entitlements', async () => {
    expect((await v1(`/tabelleretributive/byCategoria/19/decorrenza/${inForceDate}/csv`)).status).toBe(401)
    expect(
      (await v1(`/tabelleretributive/byCategoria/19/decorrenza/${historicalDate}/csv`, 'trial')).status,
    ).toBe(401)
    const response = await v1(`/tabelleretributive/byCategoria/19/decorrenza/${inForceDate}/csv`, 'trial')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const csv = await response.text()
    expect(csv).toContain('Giulia Bianchi · Riproduzione Riservata')
    expect(csv).toContain(
      'Livello;Descrizione;Paga base;Contingenza;Terzo Elemento;Altri elementi;Voci degli altri elementi;Totale mensile;Importo Scatto;Divisore Orario;Divisore Giornaliero;Ore giornaliere;Paga oraria;Paga giornaliera',
    )
    // The 7th level's row: its EDR by name and amount, and in its total.
    expect(csv).toMatch(/\r\n7;[^;]*;[\d,]+;[\d,]+;2,07;5,16;EDR 5,16;[\d,]+;/)
    const xlsx = await v1(`/tabelleretributive/byCategoria/19/decorrenza/${inForceDate}/xlsx`, 'trial')
    expect(xlsx.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet?.getCell('A2').value).toBe('Giulia Bianchi · Riproduzione Riservata')
    expect(sheet?.getCell('C4').value).toBe('Paga base')
    // Amounts stay numbers, shown with thousands separators and two decimals.
    expect(typeof sheet?.getCell('C5').value).toBe('number')
    expect(sheet?.getCell('C5').numFmt).toBe('#,##0.00')
    expect(sheet?.getCell('H4').value).toBe('Totale mensile')
    expect(typeof sheet?.getCell('H5').value).toBe('number')
    expect(sheet?.getCell('H5').numFmt).toBe('#,##0.00')
    expect(
      (await v1(`/tabelleretributive/byCategoria/19/decorrenza/${historicalDate}/xlsx`, 'premium')).status,
    ).toBe(401)
  })
})

describe('favourites and views', () => {
  it('toggles a favourite of the own account only', async () => {
    const uid = userIds.trial ?? ''
    expect((await v1(`/user/checkfavoriteccnl/${uid}/19`)).status).toBe(401)
    expect((await v1(`/user/checkfavoriteccnl/${userIds.premium}/19`, 'trial')).status).toBe(403)
    expect(await (await v1(`/user/checkfavoriteccnl/${uid}/19`, 'trial')).json()).toBe(false)
    const added = await v1(`/user/toggleccnltofavorites/${uid}/19`, 'trial', { method: 'POST' })
    expect(await added.json()).toEqual({ isFavorite: true, message: 'Contratto preferito aggiunto' })
    const list = (await (await v1('/contrattipreferiti', 'trial')).json()) as { paths: string[] }
    expect(list.paths).toContain('/bancadati/0/11/133/19')
    const removed = await v1(`/user/toggleccnltofavorites/${uid}/19`, 'trial', { method: 'POST' })
    expect(await removed.json()).toEqual({ isFavorite: false, message: 'Contratto preferito rimosso' })
    expect((await v1(`/user/toggleccnltofavorites/${uid}/987654`, 'trial', { method: 'POST' })).status).toBe(
      404,
    )
  })

  it('refuses a new favourite to an ended trial with 403 and the reason, and lets it remove the ones it has', async () => {
    const uid = userIds.trialExpired ?? ''
    const refused = await v1(`/user/toggleccnltofavorites/${uid}/19`, 'trialExpired', { method: 'POST' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message:
          'Per aggiungere un contratto ai preferiti serve un abbonamento attivo o la prova gratuita in corso. Puoi sempre togliere quelli che hai già.',
      },
    })
    expect(await followersOfContracts([133])).not.toContain(uid)
    // A favourite added while the trial ran can still be removed.
    await (
      await import('../cms/index.ts')
    )
      .poolOf(payload)
      .query('insert into database_favourites (user_id, category_code) values ($1, 19)', [uid])
    const removed = await v1(`/user/toggleccnltofavorites/${uid}/19`, 'trialExpired', { method: 'POST' })
    expect(await removed.json()).toEqual({ isFavorite: false, message: 'Contratto preferito rimosso' })
    expect(await followersOfContracts([133])).not.toContain(uid)
  })

  it('tells the feed who follows a contract: the accounts with one of its categories as favourite', async () => {
    const uid = userIds.professional ?? ''
    expect(await followersOfContracts([133])).not.toContain(uid)
    await v1(`/user/toggleccnltofavorites/${uid}/19`, 'professional', { method: 'POST' })
    expect(await followersOfContracts([133])).toContain(uid)
    expect(await followersOfContracts([987654])).toEqual([])
    expect(await favouriteContractCodes(uid)).toEqual([133])
    await v1(`/user/toggleccnltofavorites/${uid}/19`, 'professional', { method: 'POST' })
    expect(await followersOfContracts([133])).not.toContain(uid)
    expect(await favouriteContractCodes(uid)).toEqual([])
  })

  it('logs views into recent and most consulted', async () => {
    expect((await v1('/categorie/logview/19', 'premium', { method: 'POST' })).status).toBe(200)
    expect((await v1('/categorie/logview/20', 'premium', { method: 'POST' })).status).toBe(200)
    const recent = (await (await v1('/categorie/recent', 'premium')).json()) as {
      categorie: { categoryCode: number }[]
    }
    expect(recent.categorie.map((entry) => entry.categoryCode).slice(0, 2)).toEqual([20, 19])
    const most = (await (await v1('/categorie/piuconsultate')).json()) as {
      categorie: { categoryCode: number }[]
    }
    const codes = most.categorie.map((entry) => entry.categoryCode)
    // The viewed categories first (most views first), completed up to 8 with the first categories.
    expect(codes.slice(0, 2)).toEqual(expect.arrayContaining([19, 20]))
    expect(codes).toHaveLength(8)
    expect(new Set(codes).size).toBe(8)
    expect((await v1('/categorie/recent')).status).toBe(401)
  })
})

describe('print', () => {
  it('issues a print-only token for a document the caller may read, bound to that document', async () => {
    const target = { tipoDocumento: 'tabelleretributive', codiceRiferimento: `19_${inForceDate}` }
    expect((await v1('/stampa/token', 'trialExpired', { body: target })).status).toBe(401)
    const issued = await v1('/stampa/token', 'trial', { body: target })
    expect(issued.status).toBe(200)
    const { token, url } = (await issued.json()) as { token: string; url: string }
    expect(url).toBe(`/stampa/tabelleretributive/19_${inForceDate}?token=${token}`)

    const printed = await v1(`/stampa/tabelleretributive/19_${inForceDate}?token=${token}`, 'trial')
    expect(printed.status).toBe(200)
    const document = (await printed.json()) as { titolo: string; colonne: string[]; righe: string[][] }
    expect(document.titolo).toMatch(
      /^Tabella Retributiva Dipendenti da aziende del terziario.* - Dal \d{2}\/\d{2}\/\d{4}$/,
    )
    expect(document.colonne).toEqual([
      'Livello',
      'Paga base',
      'Contingenza',
      'Terzo Elemento',
      'Altri elementi',
      'Totale mensile',
      'Importo Scatto',
      'Divisore Orario',
      'Divisore Giornaliero',
      'Paga oraria',
      'Paga giornaliera',
    ])
    expect(document.righe.find((row) => row[0]?.startsWith('7 – '))?.[4]).toMatch(/^EDR 5,16\s€$/)
    // Another document, another account, or a forged token: refused.
    expect((await v1(`/stampa/cnel/19?token=${token}`, 'trial')).status).toBe(401)
    expect((await v1(`/stampa/tabelleretributive/19_${inForceDate}?token=${token}`, 'premium')).status).toBe(
      401,
    )
    expect((await v1(`/stampa/tabelleretributive/19_${inForceDate}?token=${token}x`, 'trial')).status).toBe(
      401,
    )
  })

  it('uses the specified headings for classifications', async () => {
    const target = { tipoDocumento: 'inps', codiceRiferimento: '19' }
    const { token } = (await (await v1('/stampa/token', 'premium', { body: target })).json()) as {
      token: string
    }
    const document = (await (await v1(`/stampa/inps/19?token=${token}`, 'premium')).json()) as {
      titolo: string
      colonne: string[]
    }
    expect(document.titolo).toBe(
      'Classificazioni INPS - Dipendenti da aziende del terziario, della distribuzione e dei servizi',
    )
    expect(document.colonne).toEqual(['Codice INPS', 'Codice CCNL', 'Descrizione', 'Nota'])
  })

  it('prints the redline between two editions for Professional readers only', async () => {
    const target = { tipoDocumento: 'confronto-testi', codiceRiferimento: '1333-1331' }
    for (const kind of ['anonymous', 'trial', 'trialExpired', 'premium'] as const) {
      const refused = await v1('/stampa/token', kind, { body: target })
      expect(refused.status, kind).toBe(401)
      expect(JSON.stringify(await refused.json())).not.toContain('<del>')
    }
    const issued = await v1('/stampa/token', 'professional', { body: target })
    expect(issued.status).toBe(200)
    const { token, url } = (await issued.json()) as { token: string; url: string }
    expect(url).toBe(`/stampa/confronto-testi/1333-1331?token=${token}`)
    const printed = await v1(`/stampa/confronto-testi/1333-1331?token=${token}`, 'professional')
    expect(printed.status).toBe(200)
    const document = (await printed.json()) as { kind: string; titolo: string; html: string }
    expect(document).toMatchObject({ kind: 'html', titolo: 'Confronto tra edizioni del testo nazionale' })
    // The editions named, older first; the lists before the text; words struck and inserted.
    expect(document.html).toMatch(/<dt>Da:<\/dt><dd>[^<]*edizione del 30 marzo 2015 \(30\/03\/2015\)<\/dd>/)
    expect(document.html).toMatch(/<dt>A:<\/dt><dd>[^<]*testo consolidato \(22\/03\/2024\)<\/dd>/)
    const lists = document.html.indexOf('Articoli aggiunti (')
    expect(lists).toBeGreaterThan(0)
    expect(lists).toBeLessThan(document.html.indexOf('<h2>Il testo a confronto</h2>'))
    expect(document.html).toMatch(/<del><span class="visually-hidden">\[eliminato: <\/span>/)
    expect(document.html).toMatch(/<ins><span class="visually-hidden">\[inserito: <\/span>/)
    // The premium reader cannot use the professional's token, nor print another pair with it.
    expect((await v1(`/stampa/confronto-testi/1333-1331?token=${token}`, 'premium')).status).toBe(401)
    expect((await v1(`/stampa/confronto-testi/1331-1333?token=${token}`, 'professional')).status).toBe(401)
    // Editions of two contracts, or a reference that is not two codes.
    const mixed = { tipoDocumento: 'confronto-testi', codiceRiferimento: '1333-1211' }
    expect((await v1('/stampa/token', 'professional', { body: mixed })).status).toBe(400)
    const bad = { tipoDocumento: 'confronto-testi', codiceRiferimento: '1333' }
    expect((await v1('/stampa/token', 'professional', { body: bad })).status).toBe(404)
  })
})

describe('the arrears calculator (category 19, level 4: 1,718.75 from 1/4/2024, 1,748.75 from 1/3/2025 with 2 × 175 una tantum, 1,783.75 from 1/11/2025, 1,818.75 from 1/11/2026; 14 monthly payments, daily divisor 26)', () => {
  const calculator = '/contratti/arretrati/byCategoria/19'

  it('computes the arrears of an employee in force before the renewal', async () => {
    // Mar–Oct 2025: 8 × 30.00 = 240.00; Nov–Dec: 2 × 65.00 = 130.00. Pay 370.00.
    // 14th of July 2025 on July's difference, 12 of 12 months: 30.00; 13th of December 2025: 65.00.
    // Una tantum on the 1/3/2025 table: two rates of 175.00 to those in force on 1/3/2025, full
    // time, 12 of 12 months served in April 2023 – March 2024: 350.00. Total 370 + 65 + 30 + 350 = 815.00.
    // Not yet due: the 14th of July 2026, July–December 2025 6/12 × 65.00 = 32.50.
    const response = await v1(
      `${calculator}?livello=4&decorrenza=01-03-2025&fine=31/12/2025&mensilita=14`,
      'professional',
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      paidStep: string
      tables: { effectiveDate: string; monthly: number }[]
      lines: unknown[]
      totals: Record<string, number>
      years: { year: number; total: number; separateTaxation: boolean }[]
    }
    expect(body.paidStep).toBe('2024-04-01')
    expect(body.tables.map((table) => table.effectiveDate)).toEqual([
      '2024-04-01',
      '2025-03-01',
      '2025-11-01',
      '2026-11-01',
    ])
    expect(body.lines).toHaveLength(10)
    expect(body.totals).toEqual({
      pay: 370,
      thirteenth: 65,
      fourteenth: 30,
      fund: 0,
      unaTantum: 350,
      total: 815,
      accrued: 32.5,
    })
    // Paid in 2026: all of 2025 is taxed separately.
    expect(body.years).toEqual([expect.objectContaining({ year: 2025, total: 815, separateTaxation: true })])
  })

  it('counts the una tantum only for the renewals computed, and the contract’s monthly payments by default', async () => {
    // From the 1/11/2025 renewal the table paid is 1/3/2025's: its una tantum belongs to that renewal.
    // Nov 2025 – Oct 2026 12 × 35.00 + Nov 2026 70.00 = 490.00; 13th Dec 2025 35.00; 14th Jul 2026 35.00.
    const later = await v1(`${calculator}?livello=4&decorrenza=01-11-2025&fine=30-11-2026`, 'professional')
    expect(later.status).toBe(200)
    const body = (await later.json()) as {
      request: { monthlyPayments: number; dayCount: string }
      unaTantum: { status: string; due: number }[]
      totals: Record<string, number>
    }
    expect(body.request).toMatchObject({ monthlyPayments: 14, dayCount: 'twentySixths' })
    expect(body.unaTantum.map((line) => [line.status, line.due])).toEqual([
      ['otherRenewal', 0],
      ['otherRenewal', 0],
    ])
    expect(body.totals).toMatchObject({ pay: 490, thirteenth: 35, fourteenth: 35, unaTantum: 0, total: 560 })
    // With the latest table paid, nothing is owed, una tantum included; with the una tantum paid, it is left out.
    const paid = await v1(
      `${calculator}?livello=4&decorrenza=01-03-2025&fine=30-11-2026&corrisposto=01-11-2026`,
      'professional',
    )
    expect(((await paid.json()) as { totals: { total: number } }).totals.total).toBe(0)
    const instalments = await v1(
      `${calculator}?livello=4&decorrenza=01-03-2025&fine=30-11-2026&utpagate=31-03-2025,31-07-2025`,
      'professional',
    )
    expect(((await instalments.json()) as { totals: { unaTantum: number } }).totals.unaTantum).toBe(0)
  })

  it('takes the part-time share and the hire date, and the minimum actually paid', async () => {
    // 26ths (the tables' daily divisor): 17–30 June 2025 is 12 working days: 30.00 × 12/26 × 50 % = 6.92;
    // Jul–Oct: 4 × 15.00 = 60.00; Nov–Dec: 2 × 32.50 = 65.00. Pay 131.92.
    // 14th of July 2025: 14 days of June are not a month of service: none. 13th of December 2025:
    // July–December 6/12 × 65.00 × 50 % = 16.25. No una tantum (hired after 1/3/2025, the day it is
    // due to those in force). Total 148.17.
    const query =
      'livello=4&decorrenza=01-03-2025&assunzione=17-06-2025&parttime=50&fine=31-12-2025&mensilita=14'
    const response = await v1(`${calculator}?${query}&corrisposto=01-04-2024`, 'professional')
    expect(response.status).toBe(200)
    expect(((await response.json()) as { totals: unknown }).totals).toEqual({
      pay: 131.92,
      thirteenth: 16.25,
      fourteenth: 0,
      fund: 0,
      unaTantum: 0,
      total: 148.17,
      accrued: 16.25,
    })
    const xlsx = await v1(`${calculator}/xlsx?${query}&corrisposto=01-04-2024`, 'professional')
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-disposition')).toContain('arretrati_19_4.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const cells = workbook.worksheets[0]?.getSheetValues().flat() ?? []
    expect(cells).toContain('Totale arretrati')
    expect(cells).toContain(148.17)
  })

  it('prints the calculation as a PDF with the contract, the tables used and the total', async () => {
    const query =
      'livello=4&decorrenza=01-03-2025&assunzione=17-06-2025&parttime=50&fine=31-12-2025&mensilita=14&corrisposto=01-04-2024'
    const response = await v1(`${calculator}/pdf?${query}`, 'professional')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain('arretrati_19_4.pdf')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(3000)
    const text = pdfText(bytes)
    const json = (await (await v1(`${calculator}?${query}`, 'professional')).json()) as {
      contract: { title: string }
    }
    expect(text).toContain(json.contract.title)
    expect(text).toContain('Calcolo arretrati')
    expect(text).toContain('Totale arretrati')
    expect(text).toContain('148,17')
    expect(text).toContain('01/03/2025')
    expect(text).toContain('01/04/2024')
    expect(text).toContain('giugno 2025')
    expect((await v1(`${calculator}/pdf?${query}`, 'premium')).status).toBe(401)
  })

  it('is Professional, and answers bad input in Italian', async () => {
    const premium = await v1(`${calculator}?livello=4&fine=31-12-2025`, 'premium')
    expect(premium.status).toBe(401)
    expect(((await premium.json()) as { error: { message: string } }).error.message).toBe(
      'Questo contenuto è riservato agli utenti Professional',
    )
    const badDay = await v1(`${calculator}?livello=4&fine=31-02-2025`, 'professional')
    expect(badDay.status).toBe(400)
    expect(await badDay.json()).toMatchObject({
      error: {
        message: 'Data di fine: indica una data valida nel formato gg/mm/aaaa, tra il 1950 e il 2100.',
        field: 'fine',
      },
    })
    const partTime = await v1(`${calculator}?livello=4&fine=31-12-2025&parttime=0`, 'professional')
    expect(((await partTime.json()) as { error: { field: string } }).error.field).toBe('parttime')
    expect((await v1(`${calculator}?livello=ZZ&fine=31-12-2025`, 'professional')).status).toBe(404)
    const early = await v1(`${calculator}?livello=4&decorrenza=01-03-2025&fine=28-02-2025`, 'professional')
    expect(early.status).toBe(400)
  })
})

describe("the editor's preview of a pay table's changes", () => {
  it('compares the levels in the form with the previous decorrenza and calls out a tenfold typo', async () => {
    const category = (
      await payload.find({ collection: 'categories', where: { code: { equals: 19 } }, depth: 0 })
    ).docs[0]
    const levels = [
      { code: '4', description: 'Quarto livello', basePay: 1818.75 },
      { code: '5', description: 'Quinto livello', basePay: 16000 },
    ]
    const preview = await previewPayTableDelta({
      category: Number(category?.id),
      effectiveDate: '2027-01-01',
      levels,
    })
    expect(preview.previous).toBe('2026-11-01')
    expect(preview.delta.levels[0]).toMatchObject({
      code: '4',
      before: 1818.75,
      after: 1818.75,
      difference: 0,
    })
    expect(preview.delta.levels[1]?.percent).toBeGreaterThan(800)
    expect(preview.unusual).toBe(preview.delta.levels[1]?.percent)
    const first = await previewPayTableDelta({
      category: Number(category?.id),
      effectiveDate: '2020-01-01',
      levels,
    })
    expect(first.previous).toBeNull()
    await expect(
      previewPayTableDelta({ category: Number(category?.id), effectiveDate: '2027-01-01', levels: [] }),
    ).rejects.toThrow('I livelli non sono validi')
  })
})

describe('two editions of a contract text', () => {
  it('compares them article by article for Professional readers, and finds the edition in force on a day', async () => {
    const redline = await v1('/contratti/testi/nazionale/confronto/1331/1333', 'professional')
    expect(redline.status).toBe(200)
    const body = (await redline.json()) as {
      older: { codiceTesto: number }
      newer: { codiceTesto: number }
      articles: { change: string; html: string }[]
      counts: Record<string, number>
    }
    // Whatever the order asked, the older edition (2015) comes first.
    expect([body.older.codiceTesto, body.newer.codiceTesto]).toEqual([1333, 1331])
    expect(body.counts.added).toBeGreaterThan(0)
    expect(
      body.articles.some((article) => article.change === 'changed' && /<(del|ins)>/.test(article.html)),
    ).toBe(true)
    expect((await v1('/contratti/testi/nazionale/confronto/1331/1333', 'premium')).status).toBe(401)
    expect((await v1('/contratti/testi/nazionale/confronto/1331/1211', 'professional')).status).toBe(400)

    const inForce = async (day: string) =>
      (await (await v1(`/contratti/testi/nazionale/byContratto/133/invigore/${day}`)).json()) as {
        codiceTesto?: number
        vigenteDal?: string
        criterio?: string
      }
    expect(await inForce('01-01-2020')).toMatchObject({
      codiceTesto: 1333,
      vigenteDal: '2015-01-01',
      criterio: 'decorrenza',
    })
    expect((await inForce('22-03-2024')).codiceTesto).toBe(1331)
    // Signed on 22/03/2024, the text decorre dal 01/04/2023: it is the one in force on 01/06/2023.
    expect(await inForce('01-06-2023')).toMatchObject({
      codiceTesto: 1331,
      data: '2024-03-22',
      decorrenza: '2023-04-01',
      vigenteDal: '2023-04-01',
      criterio: 'decorrenza',
    })
    expect((await v1('/contratti/testi/nazionale/byContratto/133/invigore/01-01-2010')).status).toBe(404)
  })
})
