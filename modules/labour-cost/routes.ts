/**
 * The cost of labour in the REST API (/api/v1, Professional like the arrears
 * calculator): one level block by block, every level of a category side by
 * side, and one level's XLSX and PDF. Anonymous callers are refused (401) by
 * the API's gate before any input is read; a bad parameter is a 400 whose
 * Italian message and `field` name it. Mounted by modules/api, which hands it
 * the portal's Payload.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { Payload } from 'payload'
import type { Reader } from '../ccnl/index.ts'
import {
  createRouter,
  errorResponses,
  fileContent,
  jsonContent,
  viewerOf,
  type ApiEnv,
} from '../http/index.ts'
import { AppError } from '../platform/index.ts'
import { createLabourCost } from './create-labour-cost.ts'
import { labourCostPdf } from './export-pdf.ts'
import { labourCostXlsx } from './export-xlsx.ts'
import { type queryNames, readLabourCostQuery, type LabourCostRequest } from './request.ts'

const tags = ['Costo del lavoro']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PDF = 'application/pdf'

const param = (description: string, example?: string) =>
  z
    .string()
    .max(64)
    .optional()
    .openapi(example ? { description, example } : { description })
const query = z.object({
  livello: param('Codice del livello (obbligatorio per un livello)', '4'),
  decorrenza: param('Decorrenza della tabella retributiva (gg-mm-aaaa); vuota: quella in vigore oggi'),
  qualifica: param('operaio o impiegato; vuota: dal nome della categoria', 'impiegato'),
  parttime: param('Percentuale di part-time (1-100)', '100'),
  classificazione: param(
    'Classificazione INPS: industria, industria-edile, artigianato, terziario, cooperative, agricoltura, credito; vuota: quella del contratto',
    'terziario',
  ),
  dimensione: param('Dimensione dell’azienda: fino-15, 16-50, oltre-50', 'fino-15'),
  dipendenti: param('Numero esatto di dipendenti (facoltativo, dentro la fascia)'),
  inail: param('Tasso INAIL per mille; vuoto: il predefinito del contratto', '9'),
  irap: param('Aliquota IRAP regionale in per cento (facoltativa)'),
  apprendista: param('Anno di apprendistato (1-6); vuoto: non apprendista'),
  scatti: param('Scatti di anzianità maturati (0-20)', '0'),
}) satisfies z.ZodType<Partial<Record<(typeof queryNames)[number], string>>>
const request = { params: z.object({ cod: z.coerce.number().int().positive().max(2_147_483_647) }), query }

const Amount = z.number()
const Measure = z
  .object({
    kind: z.enum(['months', 'hours', 'days', 'percent', 'perMille', 'perMonth', 'perHour', 'perYear']),
  })
  .catchall(z.number())
  .openapi({ description: 'Come è misurata la riga: mesi, ore, giorni, aliquota e base, importo unitario' })
const Line = z.object({
  code: z.string(),
  label: z.string(),
  measure: Measure,
  measureText: z.string(),
  amount: Amount,
  source: z.string().optional(),
})
const Totals = z.object({
  annual: Amount,
  monthly: Amount,
  perHourPaid: Amount,
  perHourWorked: Amount,
})
const Resolved = z.object({
  categoryCode: z.number(),
  level: z.string().nullable(),
  effectiveDate: z.string(),
  qualification: z.enum(['operai', 'impiegati']),
  partTimePercent: z.number(),
  classification: z.string(),
  sizeBand: z.string(),
  employees: z.number().nullable(),
  inailPerMille: z.number().nullable(),
  irapPercent: z.number().nullable(),
  apprenticeYear: z.number().nullable(),
  senioritySteps: z.number(),
})
const Contract = z.object({ code: z.number(), title: z.string(), cnelCode: z.string().nullable() })
const Category = z.object({ code: z.number(), name: z.string() })

export const LevelLabourCostSchema = z
  .object({
    contract: Contract,
    category: Category,
    level: z.object({ code: z.string(), description: z.string() }),
    request: Resolved,
    rates: z.object({
      classification: z.string(),
      sizeBand: z.string(),
      validFrom: z.string(),
      validTo: z.string().nullable(),
      note: z.string().nullable(),
    }),
    inail: z.object({ perMille: z.number(), isDefault: z.boolean(), source: z.string() }).nullable(),
    apprenticePayPercent: z.number().nullable(),
    hours: z.object({
      theoretical: z.number(),
      deductions: z.array(z.object({ code: z.string(), label: z.string(), hours: z.number() })),
      worked: z.number(),
      paid: z.number(),
      source: z.string(),
    }),
    blocks: z.array(
      z.object({
        key: z.enum(['A', 'B', 'C', 'TFR', 'D', 'IRAP']),
        title: z.string(),
        lines: z.array(Line),
        total: Amount,
      }),
    ),
    contributionBase: Amount,
    tfrBase: Amount,
    totals: Totals,
    sources: z.array(z.string()),
  })
  .openapi('CostoDelLavoro')

export const CategoryLabourCostSchema = z
  .object({
    contract: Contract,
    category: Category,
    request: Resolved,
    levels: z.array(z.object({ code: z.string(), description: z.string() }).extend(Totals.shape)),
  })
  .openapi('CostoDelLavoroLivelli')

/** Every answer is the caller's own: no shared cache keeps it. */
const privateAnswer: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.header('cache-control', 'private, no-store')
  await next()
}
const route = <P extends string>(
  path: P,
  summary: string,
  responses: Parameters<typeof createRoute>[0]['responses'],
) =>
  createRoute({
    method: 'get',
    path,
    tags,
    summary,
    request,
    responses,
    middleware: [privateAnswer] as const,
  })

const levelRoute = route(
  '/contratti/costo-lavoro/byCategoria/{cod}',
  'Costo del lavoro di un livello, blocco per blocco (Professional)',
  {
    200: jsonContent(LevelLabourCostSchema, 'Blocchi, righe con aliquota e base, ore, totali e fonti'),
    ...errorResponses(400, 401, 404),
  },
)
const levelsRoute = route(
  '/contratti/costo-lavoro/byCategoria/{cod}/livelli',
  'Costo del lavoro di tutti i livelli della categoria (Professional)',
  {
    200: jsonContent(CategoryLabourCostSchema, 'Costo annuo, mensile e orario di ogni livello'),
    ...errorResponses(400, 401, 404),
  },
)
const xlsxRoute = route(
  '/contratti/costo-lavoro/byCategoria/{cod}/xlsx',
  'Costo del lavoro di un livello in XLSX, con le formule (Professional)',
  {
    200: fileContent(XLSX, 'Il file'),
    ...errorResponses(400, 401, 404),
  },
)
const pdfRoute = route(
  '/contratti/costo-lavoro/byCategoria/{cod}/pdf',
  'Costo del lavoro di un livello in PDF, con il metodo e le fonti (Professional)',
  {
    200: fileContent(PDF, 'Il file'),
    ...errorResponses(400, 401, 404),
  },
)

/** The reader of a request: identity from the session, read once by the API. */
function readerOf(c: Context<ApiEnv>): Reader {
  const { access } = viewerOf(c)
  return { user: access.user, entitlements: access.entitlements }
}

/** The request, or a 400 naming the first bad parameter. */
function requestOf(cod: number, values: z.infer<typeof query>, levelRequired: boolean): LabourCostRequest {
  const read = readLabourCostQuery(cod, values, levelRequired)
  if (read.request) return read.request
  const [field, message] = Object.entries(read.errors)[0] ?? ['richiesta', '']
  throw new AppError('bad_request', message, { field })
}

const file = (content: BodyInit, type: string, name: string) =>
  new Response(content, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    },
  })

/** The routes, over the portal's Payload (read when a request needs it). */
export function labourCostRoutes(deps: { cms: () => Promise<Payload> }) {
  const service = async () => createLabourCost({ payload: await deps.cms() })
  const level = async (c: Context<ApiEnv>, cod: number, values: z.infer<typeof query>) =>
    (await service()).levelCost(readerOf(c), requestOf(cod, values, true))
  return createRouter()
    .openapi(levelRoute, async (c) =>
      c.json(await level(c, c.req.valid('param').cod, c.req.valid('query')), 200),
    )
    .openapi(levelsRoute, async (c) => {
      const { cod } = c.req.valid('param')
      const result = await (
        await service()
      ).categoryCosts(readerOf(c), requestOf(cod, c.req.valid('query'), false))
      return c.json(result, 200)
    })
    .openapi(xlsxRoute, async (c) => {
      const { name, data } = await labourCostXlsx(
        await level(c, c.req.valid('param').cod, c.req.valid('query')),
      )
      return file(new Uint8Array(data), XLSX, name)
    })
    .openapi(pdfRoute, async (c) => {
      const { name, data } = await labourCostPdf(
        await level(c, c.req.valid('param').cod, c.req.valid('query')),
      )
      return file(data, PDF, name)
    })
}

/** The cost of labour's routes as the typed client (`hono/client`) sees them, relative to /api/v1. */
export type LabourCostApi = ReturnType<typeof labourCostRoutes>
