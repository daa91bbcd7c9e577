/**
 * The cost of labour on the real embedded Postgres with the shipped demo data,
 * through the API: a level's figures checked by hand, the same figures in the
 * XLSX (numbers, formulas with their results), the PDF, the print document
 * and the all-levels answer; 401 before input for anonymous callers and
 * Premium readers; Italian errors naming the parameter; a missing rate named,
 * never estimated; the rates collection with a source for every rate; the
 * OpenAPI document's schema.
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
import { pdfText } from '../../tests/pdf-text.ts'
import { invalidateReadCache } from '../ccnl/index.ts'
import { getCms } from '../cms/index.ts'
import { formatEuro } from '../i18n/index.ts'
import { importPackage } from '../importer/index.ts'
import { getEnv, getLogger } from '../platform/index.ts'
import { createLabourCost, labourCostPrintDocument, type LevelLabourCost } from './index.ts'

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
const v1 = (pathname: string, who?: string) =>
  api.fetch(request(`/api/v1${pathname}`, { cookie: who ? cookies[who] : undefined }))

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

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  payload = await getCms()
  await truncateContent(payload)
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload })
  expect(report.totals.rejected).toBe(0)
  invalidateReadCache()
  await ensureDemoPersonas()
  cookies.premium = await signIn('premium@demo.local')
  cookies.professional = await signIn('professional@demo.local')
}, 240_000)

afterAll(async () => {
  await close()
})

/** Terziario Confcommercio, category 19, level 4 of the table from 1 November 2025. */
const LEVEL = '/contratti/costo-lavoro/byCategoria/19?livello=4&decorrenza=01-11-2025'

describe('the cost of labour API', () => {
  it('computes level 4 of the terziario as checked by hand', async () => {
    // Level 4 from 1/11/2025: paga base 1.257,46, contingenza 524,22, terzo elemento 2,07 (1.783,75).
    // Contract 133: 40 hours, 14 monthly payments; hours not worked 173,33 + 64 + 88 + 82 = 407,33,
    // worked 2.088 − 407,33 = 1.680,67. Terziario up to 15 employees (15: FIS 0,53 %), INAIL 9 ‰.
    // A: 15.089,52 + 6.290,64 + 24,84 = 21.405,00. B: 13ª and 14ª 1.783,75 each = 3.567,50.
    // C on 24.972,50: IVS 5.945,95; NASpI 327,14; formazione 74,92; FG TFR 49,95; CUAF 169,81;
    //   malattia 609,33; maternità 59,93; FIS 132,35; INAIL 224,75 = 7.594,13.
    // TFR 24.972,50 / 13,5 = 1.849,81. D: ente bilaterale 0,05 % of 21.405,00 = 10,70; fondo
    //   sanitario 144,00; previdenza complementare 1,55 % = 331,78 → 486,48.
    // Annual 34.902,92; monthly 2.908,58; per hour paid 16,72; per hour worked 20,77.
    const response = await v1(LEVEL, 'professional')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = (await response.json()) as LevelLabourCost
    expect(body.hours).toMatchObject({ theoretical: 2088, worked: 1680.67 })
    expect(body.blocks.map((block) => [block.key, block.total])).toEqual([
      ['A', 21405],
      ['B', 3567.5],
      ['C', 7594.13],
      ['TFR', 1849.81],
      ['D', 486.48],
    ])
    expect(body.totals).toEqual({
      annual: 34902.92,
      monthly: 2908.58,
      perHourPaid: 16.72,
      perHourWorked: 20.77,
    })
    expect(body.inail).toMatchObject({ perMille: 9, isDefault: true })
    expect(body.rates.classification).toBe('Commercio e terziario')
    // Every line names its source.
    for (const block of body.blocks.filter((entry) => entry.key === 'C' || entry.key === 'TFR'))
      for (const line of block.lines) expect(line.source, line.label).toBeTruthy()
  })

  it('gives the same figures in the XLSX (numbers and formulas), the PDF, the print view and the levels list', async () => {
    const json = (await (await v1(LEVEL, 'professional')).json()) as LevelLabourCost
    const xlsx = await v1(LEVEL.replace('/19?', '/19/xlsx?'), 'professional')
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-disposition')).toContain('costo_lavoro_19_4.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const sheet = workbook.worksheets[0]
    const byLabel = new Map<string, ExcelJS.Cell>()
    const formulas: string[] = []
    sheet?.eachRow((row) => {
      const label = row.getCell(1).value
      if (typeof label === 'string') byLabel.set(label, row.getCell(4))
      const value = row.getCell(4).value
      if (value && typeof value === 'object' && 'formula' in value && value.formula)
        formulas.push(value.formula)
    })
    const resultOf = (label: string) => {
      const value = byLabel.get(label)?.value as { result: number } | undefined
      return value?.result
    }
    expect(resultOf('Costo annuo')).toBe(json.totals.annual)
    expect(resultOf('Costo per ora lavorata')).toBe(json.totals.perHourWorked)
    expect(resultOf('Totale C')).toBe(7594.13)
    expect(formulas.filter((formula) => /^ROUND\(B\d+\*C\d+\/100,2\)$/.test(formula)).length).toBeGreaterThan(
      5,
    )
    expect(formulas.filter((formula) => /^SUM\(D\d+:D\d+\)$/.test(formula))).toHaveLength(5)
    // The IVS line: 23,81 and 24.972,50 as numbers, its amount as a formula with its result.
    let ivs: ExcelJS.Row | undefined
    sheet?.eachRow((row) => {
      if (row.getCell(1).value === 'IVS (invalidità, vecchiaia e superstiti)') ivs = row
    })
    expect(ivs?.getCell(2).value).toBe(23.81)
    expect(ivs?.getCell(3).value).toBe(24972.5)
    expect((ivs?.getCell(4).value as { result: number }).result).toBe(5945.95)

    const pdf = await v1(LEVEL.replace('/19?', '/19/pdf?'), 'professional')
    expect(pdf.status).toBe(200)
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()))
    for (const figure of [json.totals.annual, json.totals.monthly, json.totals.perHourWorked, 7594.13])
      expect(text).toContain(formatEuro(figure).replace(/\s/g, ' ').replace(' €', ''))
    expect(text).toContain('Metodo')
    expect(text).toContain('L. 296/2006')

    const printed = labourCostPrintDocument(json)
    expect(printed.righe).toContainEqual(['Costo annuo', '', formatEuro(json.totals.annual)])
    expect(printed.notaHtml).toContain('art. 2120 c.c.')

    const levels = await v1(
      '/contratti/costo-lavoro/byCategoria/19/livelli?decorrenza=01-11-2025',
      'professional',
    )
    const all = (await levels.json()) as { levels: { code: string; annual: number }[] }
    expect(all.levels.map((level) => level.code)).toEqual(['Q', '1', '2', '3', '4', '5', '6', '7'])
    expect(all.levels.find((level) => level.code === '4')?.annual).toBe(json.totals.annual)
    // Higher levels cost more.
    const annuals = all.levels.map((level) => level.annual)
    expect([...annuals].sort((a, b) => b - a)).toEqual(annuals)
  })

  it('answers 401 to anonymous callers before reading their input, and to Premium readers', async () => {
    for (const path of [
      '/contratti/costo-lavoro/byCategoria/19?parttime=abc',
      '/contratti/costo-lavoro/byCategoria/0/xlsx',
      '/contratti/costo-lavoro/byCategoria/19/livelli?dimensione=enorme',
    ]) {
      const response = await v1(path)
      expect(response.status, path).toBe(401)
    }
    const premium = await v1(LEVEL, 'premium')
    expect(premium.status).toBe(401)
    const body = (await premium.json()) as { error: { message: string } }
    expect(body.error.message).toBe('Questo contenuto è riservato agli utenti Professional')
  })

  it('names the bad parameter in Italian, bounds checked before computing', async () => {
    const cases: [string, string, string][] = [
      [
        'parttime=150',
        'parttime',
        'parttime: la percentuale di part-time deve essere un numero intero tra 1 e 100.',
      ],
      [
        'dimensione=enorme',
        'dimensione',
        'dimensione: scegli fino a 15, da 16 a 50 oppure oltre 50 dipendenti.',
      ],
      [
        'dimensione=16-50&dipendenti=3',
        'dipendenti',
        'dipendenti: indica un numero intero di dipendenti coerente con la fascia scelta.',
      ],
      [
        'inail=900',
        'inail',
        'inail: indica il tasso INAIL per mille, un numero tra 0 e 500 (es. 9,5 o 9.5).',
      ],
      ['scatti=99', 'scatti', 'scatti: indica il numero di scatti di anzianità maturati, da 0 a 20.'],
      ['decorrenza=31-02-2025', 'decorrenza', 'decorrenza: indica una data valida nel formato gg/mm/aaaa.'],
      [
        'apprendista=4',
        'apprendista',
        'apprendista: il contratto prevede la retribuzione degli apprendisti per 3 anni.',
      ],
    ]
    for (const [query, field, message] of cases) {
      const response = await v1(`/contratti/costo-lavoro/byCategoria/19?livello=4&${query}`, 'professional')
      expect(response.status, query).toBe(400)
      expect(await response.json(), query).toEqual({ error: { code: 'bad_request', message, field } })
    }
    const noLevel = await v1('/contratti/costo-lavoro/byCategoria/19', 'professional')
    expect(((await noLevel.json()) as { error: { field: string } }).error.field).toBe('livello')
    const unknownLevel = await v1('/contratti/costo-lavoro/byCategoria/19?livello=ZZ', 'professional')
    expect(unknownLevel.status).toBe(400)
    const unknownCategory = await v1('/contratti/costo-lavoro/byCategoria/999999?livello=4', 'professional')
    expect(unknownCategory.status).toBe(404)
  })

  it('names a missing rate and never estimates it', async () => {
    const response = await v1(`${LEVEL}&classificazione=agricoltura`, 'professional')
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { message: string; field: string } }
    expect(body.error.field).toBe('classificazione')
    expect(body.error.message).toMatch(
      /^Mancano le aliquote contributive per Agricoltura, fino a 15 dipendenti, in vigore al \d{2}\/\d{2}\/\d{4}/,
    )
    // A contract whose terms carry no cost-of-labour data: said so, nothing computed.
    const withoutTerms = await v1('/contratti/costo-lavoro/byCategoria/16?livello=4', 'professional')
    expect(withoutTerms.status).toBe(400)
    expect(((await withoutTerms.json()) as { error: { message: string } }).error.message).toContain(
      'non ha ancora i dati per il costo del lavoro',
    )
  })

  it('stores the shipped rates with a source for every rate, and documents the answer in OpenAPI', async () => {
    const rates = await payload.find({ collection: 'contribution-rates', pagination: false, limit: 0 })
    expect(rates.docs).toHaveLength(18)
    for (const doc of rates.docs)
      for (const rate of doc.rates as { source: string }[]) expect(rate.source.length).toBeGreaterThan(10)
    const document = (await (await v1('/openapi.json')).json()) as {
      paths: Record<string, unknown>
      components: { schemas: Record<string, unknown> }
    }
    expect(Object.keys(document.paths)).toContain('/api/v1/contratti/costo-lavoro/byCategoria/{cod}')
    expect(document.components.schemas).toHaveProperty('CostoDelLavoro')
    expect(document.components.schemas).toHaveProperty('CostoDelLavoroLivelli')
  })

  it('uses the clock it is given: the table in force on that day', async () => {
    const reader = {
      user: null,
      entitlements: (await import('../accounts/index.ts')).entitlementsOf({
        account: { accountType: 'standard', trialEndsAt: null },
        subscription: { plan: 'professional', studio: false, status: 'active' },
        now: new Date('2026-01-15T12:00:00Z'),
      }),
    }
    const request = {
      categoryCode: 19,
      level: '4',
      effectiveDate: null,
      qualification: null,
      partTimePercent: 100,
      classification: null,
      sizeBand: 'fino-15' as const,
      employees: null,
      inailPerMille: null,
      irapPercent: null,
      apprenticeYear: null,
      senioritySteps: 0,
    }
    const january = await createLabourCost({
      payload,
      now: () => new Date('2026-01-15T12:00:00Z'),
    }).levelCost(reader, request)
    expect(january.request.effectiveDate).toBe('2025-11-01')
    expect(january.rates.validFrom).toBe('2026-01-01')
    const december = await createLabourCost({
      payload,
      now: () => new Date('2025-12-15T12:00:00Z'),
    }).levelCost(reader, request)
    expect(december.rates.validFrom).toBe('2025-01-01')
    expect(december.totals.annual).toBe(january.totals.annual)
  })
})
