/**
 * The contract comparison on the real embedded Postgres with the shipped demo
 * data, through the API: the chosen level's minimum pay at the decorrenza in
 * force, the key terms (and their absence), the paywall on the pay, bad
 * choices, the XLSX and the print view.
 */
import ExcelJS from 'exceljs'
import { readFileSync } from 'node:fs'
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
import { invalidateReadCache } from './index.ts'

vi.mock('../access/subscription.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  lookupSubscription: async ({ email }: { email: string }) =>
    email === 'premium@demo.local'
      ? { subscription: { plan: 'premium', studio: false, status: 'active' } }
      : {},
}))

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const api = createApi({ version: 'test' })
let close: () => Promise<void>
let payload: Payload
const cookies: Record<string, string> = {}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`
function request(pathname: string, options: { cookie?: string; body?: unknown } = {}) {
  const headers = new Headers({ origin: getEnv().publicUrl, [CLIENT_IP_HEADER]: randomIp() })
  if (options.cookie) headers.set('cookie', options.cookie)
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  return new Request(`${getEnv().publicUrl}${pathname}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
}
const v1 = (pathname: string, who?: string, body?: unknown) =>
  api.fetch(request(`/api/v1${pathname}`, { cookie: who ? cookies[who] : undefined, body }))

async function signIn(email: string): Promise<string> {
  const response = await handleAuthRequest(
    request('/api/auth/sign-in/email', { body: { email, password: DEMO_PERSONA_PASSWORD } }),
  )
  expect(response.status).toBe(200)
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .filter((pair) => !/=$/.test(pair))
    .join('; ')
}

/** The demo package's pay table of a category in force today, and one level's minimum. */
function demoMinimum(categoryCode: number, level: string) {
  const today = new Date().toISOString().slice(0, 10)
  const tables = readFileSync(path.join(root, 'data/demo/payTables.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          categoryCode: number
          effectiveDate: string
          levels: {
            code: string
            basePay: number
            costOfLiving: number
            thirdElement: number
            otherElements?: { amount: number }[]
          }[]
        },
    )
    .filter((table) => table.categoryCode === categoryCode)
    .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  const table = tables.filter((entry) => entry.effectiveDate <= today).at(-1) ?? tables[0]
  const row = table?.levels.find((entry) => entry.code === level)
  if (!table || !row) throw new Error(`livello ${level} assente`)
  const [y, m, d] = table.effectiveDate.split('-')
  return {
    decorrenza: `${d}-${m}-${y}`,
    monthly:
      Math.round(
        (row.basePay +
          row.costOfLiving +
          row.thirdElement +
          (row.otherElements ?? []).reduce((sum, element) => sum + element.amount, 0)) *
          100,
      ) / 100,
  }
}

type Answer = {
  data: string
  retribuzioniRiservate: boolean
  contratti: {
    codiceContratto: number
    categoria: { codiceCategoria: number } | null
    livelli: { codiceLivello: string }[]
    retribuzione: {
      stato: string
      decorrenza?: string
      minimoMensile?: number
      livello?: { codiceLivello: string }
    }
    condizioni: {
      orarioSettimanale: number | null
      quattordicesima: boolean | null
      periodoProva: unknown[]
    } | null
    vigenza: string | null
  }[]
}

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  payload = await (await import('../cms/index.ts')).getCms()
  await truncateContent(payload)
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload })
  expect(report.totals.rejected).toBe(0)
  // A contract the database knows only by name: no categories, no terms.
  const sector = await payload.find({ collection: 'sectors', where: { code: { equals: 11 } }, limit: 1 })
  await payload.create({
    collection: 'contracts',
    data: { code: 990001, title: 'CCNL senza dati', sector: sector.docs[0]?.id as number },
    overrideAccess: true,
  })
  invalidateReadCache()
  await ensureDemoPersonas()
  cookies.trial = await signIn('prova@demo.local')
  cookies.expired = await signIn('scaduto@demo.local')
  cookies.premium = await signIn('premium@demo.local')
}, 240_000)

afterAll(async () => {
  await close()
})

describe('the comparison API', () => {
  it('gives the reference level’s minimum at the decorrenza in force, and the asked level', async () => {
    const response = await v1('/confronto/contratti?contratti=133,121:10,135:32:7', 'trial')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = (await response.json()) as Answer
    expect(body.retribuzioniRiservate).toBe(false)
    expect(body.contratti.map((entry) => entry.codiceContratto)).toEqual([133, 121, 135])
    const [commerce, metal, tourism] = body.contratti
    // Terziario: first category with pay tables (19), its reference level 4.
    expect(commerce?.categoria?.codiceCategoria).toBe(19)
    expect(commerce?.retribuzione).toMatchObject({
      stato: 'mostrata',
      livello: { codiceLivello: '4' },
      ...(() => {
        const { decorrenza, monthly } = demoMinimum(19, '4')
        return { decorrenza, minimoMensile: monthly }
      })(),
    })
    expect(metal?.categoria?.codiceCategoria).toBe(10)
    expect(metal?.retribuzione.livello?.codiceLivello).toBe('C3')
    expect(tourism?.retribuzione).toMatchObject({
      livello: { codiceLivello: '7' },
      minimoMensile: demoMinimum(32, '7').monthly,
    })
    expect(commerce?.condizioni).toMatchObject({ orarioSettimanale: 40, quattordicesima: true })
    expect(metal?.condizioni).toMatchObject({ quattordicesima: false })
    expect(commerce?.livelli.length).toBeGreaterThan(5)
  })

  it('counts the elements a note grants and gives the annual pay (monthly pay × monthly payments)', async () => {
    const body = (await (await v1('/confronto/contratti?contratti=133:19:7,121:10', 'trial')).json()) as {
      contratti: { retribuzione: Record<string, unknown> }[]
    }
    const [commerce, metal] = body.contratti
    // Terziario 7° livello: its EDR of 5,16 € is in the monthly pay (e.g. from 01/11/2026:
    // 897,53 + 517,51 + 2,07 + 5,16 = 1.422,27), and the year is 14 of them (19.911,78).
    const seventh = demoMinimum(19, '7')
    expect(commerce?.retribuzione).toMatchObject({
      minimoMensile: seventh.monthly,
      altriElementi: [{ voce: 'EDR', importo: 5.16 }],
      minimoAnnuo: Math.round(seventh.monthly * 14 * 100) / 100,
    })
    // Metalmeccanica, 13 monthly payments.
    const metalMonthly = Number(metal?.retribuzione.minimoMensile)
    expect(metal?.retribuzione.minimoAnnuo).toBe(Math.round(metalMonthly * 13 * 100) / 100)
  })

  it('answers null terms and an absent pay for a contract the database holds nothing about', async () => {
    const body = (await (await v1('/confronto/contratti?contratti=133,990001', 'premium')).json()) as Answer
    const bare = body.contratti[1]
    expect(bare?.condizioni).toBeNull()
    expect(bare?.categoria).toBeNull()
    expect(bare?.retribuzione).toEqual({ stato: 'assente' })
    expect(bare?.vigenza).toBeNull()
  })

  it('keeps the pay from a reader without access, and shows the rest', async () => {
    const response = await v1('/confronto/contratti?contratti=133,121', 'expired')
    expect(response.status).toBe(200)
    const text = await response.text()
    const body = JSON.parse(text) as Answer
    expect(body.retribuzioniRiservate).toBe(true)
    expect(body.contratti.map((entry) => entry.retribuzione)).toEqual([
      { stato: 'riservata' },
      { stato: 'riservata' },
    ])
    expect(body.contratti[0]?.livelli).toEqual([])
    expect(text).not.toContain(String(demoMinimum(19, '4').monthly))
    expect(body.contratti[0]?.condizioni?.orarioSettimanale).toBe(40)
    expect((await v1('/confronto/contratti?contratti=133,121')).status).toBe(401)
  })

  it('refuses bad choices with a 400 naming the field, and unknown contracts with a 404', async () => {
    for (const query of ['133', '133,121,135,138,139', '133:20x', '133:10,121']) {
      const response = await v1(`/confronto/contratti?contratti=${query}`, 'trial')
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as { error: { code: string; field?: string; message: string } }
      expect(body.error.message).toMatch(/contratt|categoria/)
    }
    expect((await v1('/confronto/contratti?contratti=133,987654', 'trial')).status).toBe(404)
  })

  it('exports the XLSX with the owner and the pay as a number, for readers of the pay tables only', async () => {
    const response = await v1('/confronto/contratti/xlsx?contratti=133:19:4,121', 'trial')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/confronto-133-121-\d{4}-\d{2}-\d{2}\.xlsx/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet?.getCell('A1').value).toBe('Confronto contratti')
    expect(String(sheet?.getCell('A2').value)).toContain('Riproduzione Riservata')
    expect(String(sheet?.getCell('B4').value)).toContain('Terziario')
    const payRow = sheet?.getColumn(1).values.indexOf('Minimo mensile') ?? -1
    expect(sheet?.getCell(payRow, 2).value).toBe(demoMinimum(19, '4').monthly)
    expect(sheet?.getCell(payRow, 2).numFmt).toBe('#,##0.00')
    expect((await v1('/confronto/contratti/xlsx?contratti=133,121', 'expired')).status).toBe(401)
  })

  it('prints with a token, as a table with the contracts as columns', async () => {
    const ref = '133:19:4,121:10'
    const token = await v1('/stampa/token', 'trial', { tipoDocumento: 'confronto', codiceRiferimento: ref })
    expect(token.status).toBe(200)
    const { url } = (await token.json()) as { url: string }
    const printed = await api.fetch(
      request(url.replace(/^\/stampa/, '/api/v1/stampa'), { cookie: cookies.trial }),
    )
    expect(printed.status).toBe(200)
    const doc = (await printed.json()) as { titolo: string; colonne: string[]; righe: string[][] }
    expect(doc.titolo).toBe('Confronto contratti')
    expect(doc.colonne).toHaveLength(3)
    expect(doc.righe.find((row) => row[0] === 'Minimo mensile')?.[1]).toMatch(/€$/)
    const refused = await v1('/stampa/token', 'expired', {
      tipoDocumento: 'confronto',
      codiceRiferimento: ref,
    })
    expect(refused.status).toBe(401)
  })
})
