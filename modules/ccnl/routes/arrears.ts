/** The arrears calculator ('Calcolo arretrati', Professional): the calculation, its XLSX and PDF, and many employees at once from a CSV or XLSX list. */
import { z } from '@hono/zod-openapi'
import { createRouter, errorResponses, fileContent } from '../../http/index.ts'
import { dayCounts } from '../../arrears/index.ts'
import { AppError } from '../../platform/index.ts'
import { arrearsXlsx } from '../arrears-export.ts'
import { arrearsListPdf, arrearsListXlsx } from '../arrears-list-export.ts'
import { calculateArrearsList, listErrorText, listParamsOf } from '../arrears-list.ts'
import { assertCanRead } from '../access.ts'
import { arrearsPdf } from '../arrears-pdf.ts'
import { arrearsQueryField, readArrearsQuery, type LevelArrearsRequest } from '../arrears-request.ts'
import { calculateLevelArrears } from '../calculate-level-arrears.ts'
import type { Reader } from '../access.ts'
import { answers, code, databaseRoute, fileAnswer, readOperations, readerOf } from '../route-kit.ts'
import type { Context, MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../../http/index.ts'

const tags = ['Calcolo arretrati']
const read = readOperations(tags)
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PDF = 'application/pdf'

const query = z.object({
  livello: z.string().max(64).optional().openapi({ description: 'Codice del livello', example: '4' }),
  decorrenza: z
    .string()
    .max(10)
    .optional()
    .openapi({ description: 'Prima decorrenza del rinnovo (gg-mm-aaaa)' }),
  assunzione: z
    .string()
    .max(10)
    .optional()
    .openapi({ description: 'Data di assunzione; vuota: in forza da prima' }),
  parttime: z
    .string()
    .max(3)
    .optional()
    .openapi({ description: 'Percentuale di part-time (1-100)', example: '100' }),
  fine: z.string().max(10).optional().openapi({ description: 'Ultimo giorno del calcolo (gg-mm-aaaa)' }),
  mensilita: z
    .string()
    .max(2)
    .optional()
    .openapi({ description: 'Mensilità annue (12-14); vuota: quelle del contratto', example: '14' }),
  corrisposto: z.string().max(10).optional().openapi({ description: 'Decorrenza del minimo corrisposto' }),
  giorni: z.string().max(16).optional().openapi({
    description:
      'Giorni dei mesi parziali: calendario, ventiseiesimi o trentesimi; vuoto: dal divisore del contratto',
    example: 'ventiseiesimi',
  }),
  utpagate: z.string().max(240).optional().openapi({
    description:
      'Date di erogazione delle rate di una tantum già corrisposte (gg-mm-aaaa, separate da virgole)',
  }),
  dipendente: z.string().max(120).optional().openapi({ description: 'Nome del dipendente (per il PDF)' }),
  azienda: z.string().max(120).optional().openapi({ description: "Nome dell'azienda (per il PDF)" }),
})
const request = { params: z.object({ cod: code }), query }

const Amount = z.number()
const Day = z.string()
const ExtraPaymentSchema = z.object({
  kind: z.enum(['thirteenth', 'fourteenth']),
  dueOn: Day,
  accrualFrom: Day,
  accrualTo: Day,
  months: z.number(),
  difference: Amount,
  partTimeShare: z.number(),
  amount: Amount,
  year: z.number(),
})
const Split = {
  pay: Amount,
  thirteenth: Amount,
  fourteenth: Amount,
  fund: Amount,
  unaTantum: Amount,
  total: Amount,
}
export const LevelArrearsSchema = z
  .object({
    contract: z.object({ code: z.number(), title: z.string(), cnelCode: z.string().nullable() }),
    category: z.object({ code: z.number(), name: z.string() }),
    level: z.object({ code: z.string(), description: z.string() }),
    request: z.object({
      categoryCode: z.number(),
      level: z.string(),
      since: Day,
      hiredOn: Day.optional(),
      partTimePercent: z.number(),
      until: Day,
      monthlyPayments: z.number(),
      paidStep: Day.optional(),
      dayCount: z.enum(dayCounts),
      unaTantumPaid: z.array(Day),
      employee: z.string().optional(),
      company: z.string().optional(),
    }),
    method: z.object({
      dayCount: z.enum(dayCounts),
      dailyDivisor: z.number().nullable(),
      monthlyPayments: z.number(),
      fourteenthMonth: z.number(),
      cassaEdile: z.object({ percent: z.number() }).nullable(),
      tfrDivisor: z.number(),
    }),
    tables: z.array(z.object({ effectiveDate: Day, monthly: Amount })),
    renewals: z.array(Day),
    paidStep: Day,
    lines: z.array(
      z.object({
        month: z.string(),
        effectiveDate: Day,
        from: Day,
        to: Day,
        days: z.number(),
        of: z.number(),
        paid: Amount,
        owed: Amount,
        pay: Amount,
        fund: Amount,
        year: z.number(),
      }),
    ),
    extraPayments: z.array(ExtraPaymentSchema),
    accrued: z.array(ExtraPaymentSchema),
    unaTantum: z.array(
      z.object({
        paidOn: Day,
        effectiveDate: Day,
        amount: Amount,
        months: z.object({ served: z.number(), of: z.number() }).nullable(),
        partTimeShare: z.number(),
        due: Amount,
        status: z.enum(['due', 'alreadyPaid', 'notInForce', 'otherRenewal', 'paidTable']),
        year: z.number(),
      }),
    ),
    paymentYear: z.number(),
    years: z.array(z.object({ year: z.number(), ...Split, separateTaxation: z.boolean() })),
    tfr: z.object({ base: Amount, amount: Amount }),
    totals: z.object({ ...Split, accrued: Amount }),
  })
  .openapi('CalcoloArretrati')

const calculationRoute = read(
  '/contratti/arretrati/byCategoria/{cod}',
  'Arretrati di un livello dopo un rinnovo (Professional)',
  request,
  answers(
    LevelArrearsSchema,
    'Le righe mese per mese, la 13ª e la 14ª, le una tantum, i totali per anno, i ratei non ancora esigibili e il TFR',
    400,
    401,
    404,
  ),
)
const xlsxRoute = databaseRoute({
  method: 'get',
  path: '/contratti/arretrati/byCategoria/{cod}/xlsx',
  tags,
  summary: 'Arretrati in XLSX, con le tabelle usate e le loro decorrenze (Professional)',
  request,
  responses: { 200: fileContent(XLSX, 'Il file'), ...errorResponses(400, 401, 404) },
})

const pdfRoute = databaseRoute({
  method: 'get',
  path: '/contratti/arretrati/byCategoria/{cod}/pdf',
  tags,
  summary:
    'Arretrati in PDF stampabile, con il contratto, le tabelle usate e le loro decorrenze (Professional)',
  request,
  responses: { 200: fileContent(PDF, 'Il file'), ...errorResponses(400, 401, 404) },
})

const CSV = 'text/csv; charset=utf-8'
const listBody = {
  content: {
    'multipart/form-data': {
      schema: z.object({
        file: z
          .any()
          .openapi({ type: 'string', format: 'binary', description: 'Il file CSV o XLSX dei dipendenti' }),
        decorrenza: z.string().max(10).optional().openapi({ description: 'Prima decorrenza del rinnovo' }),
        fine: z
          .string()
          .max(10)
          .optional()
          .openapi({ description: 'Ultimo giorno del calcolo per le righe senza «fine»' }),
        mensilita: z.string().max(2).optional(),
        giorni: z.string().max(16).optional(),
        azienda: z.string().max(120).optional(),
      }),
    },
  },
  required: false,
}
const listDescription =
  'Campo multipart «file»: un CSV (virgola o punto e virgola) o un XLSX con una riga di intestazione e un dipendente per riga, al massimo 500 righe e 1 MB. Colonne: nome, livello (obbligatorie), assunzione, parttime, fine, corrisposto, una tantum già corrisposta. Le righe con errori sono indicate per riga e colonna; le altre sono calcolate.'
const ListSchema = z
  .object({
    dipendenti: z.array(
      z.object({
        riga: z.number(),
        nome: z.string(),
        livello: z.string(),
        totali: LevelArrearsSchema.shape.totals,
        tfr: z.number(),
      }),
    ),
    errori: z.array(
      z.object({ riga: z.number(), colonna: z.string(), messaggio: z.string(), testo: z.string() }),
    ),
    totali: LevelArrearsSchema.shape.totals.extend({ tfr: Amount }),
  })
  .openapi('CalcoloArretratiElenco')
const listRequest = { params: z.object({ cod: code }), body: listBody }
/** The lists are Professional: the access is refused before the upload is validated or read. */
const listAccess: MiddlewareHandler<ApiEnv> = async (c, next) => {
  assertCanRead(readerOf(c), 'archive')
  await next()
}
const listJsonRoute = databaseRoute(
  {
    method: 'post',
    path: '/contratti/arretrati/byCategoria/{cod}/elenco',
    tags,
    summary: 'Arretrati di più dipendenti da un file CSV o XLSX (Professional)',
    description: listDescription,
    request: listRequest,
    responses: {
      200: {
        content: { 'application/json': { schema: ListSchema } },
        description: 'I dipendenti calcolati, le righe con errori e i totali',
      },
      ...errorResponses(400, 401, 404, 413, 415),
    },
  },
  [listAccess],
)
const listXlsxRoute = databaseRoute(
  {
    method: 'post',
    path: '/contratti/arretrati/byCategoria/{cod}/elenco/xlsx',
    tags,
    summary:
      'Arretrati di più dipendenti in XLSX: un foglio di riepilogo e uno per dipendente (Professional)',
    description: listDescription,
    request: listRequest,
    responses: { 200: fileContent(XLSX, 'Il file'), ...errorResponses(400, 401, 404, 413, 415) },
  },
  [listAccess],
)
const listPdfRoute = databaseRoute(
  {
    method: 'post',
    path: '/contratti/arretrati/byCategoria/{cod}/elenco/pdf',
    tags,
    summary: 'Arretrati di più dipendenti in PDF: il riepilogo, poi ogni dipendente (Professional)',
    description: listDescription,
    request: listRequest,
    responses: { 200: fileContent(PDF, 'Il file'), ...errorResponses(400, 401, 404, 413, 415, 503) },
  },
  [listAccess],
)
const templateRoute = read(
  '/contratti/arretrati/byCategoria/{cod}/elenco/modello',
  'Il modello CSV dell’elenco dei dipendenti (Professional)',
  { params: z.object({ cod: code }) },
  { 200: fileContent('text/csv', 'Il modello'), ...errorResponses(401) },
)

/** The template a payroll office fills: the headings and two example rows. */
export const LIST_TEMPLATE = [
  'nome;livello;assunzione;parttime;fine;corrisposto;una tantum già corrisposta',
  'Maria Rossi;4;;100;;;',
  'Luca Bianchi;5;17/06/2025;50;31/01/2026;;',
].join('\r\n')

/** The list of a multipart request, for a Professional reader (the access is checked before the body is read). */
async function listOf(c: Context<ApiEnv>, cod: number) {
  const reader = readerOf(c)
  assertCanRead(reader, 'archive')
  const type = c.req.header('content-type') ?? ''
  const form = /^multipart\/form-data/i.test(type) ? await c.req.parseBody() : {}
  const file = form.file instanceof File ? new Uint8Array(await form.file.arrayBuffer()) : null
  return calculateArrearsList(
    reader,
    cod,
    listParamsOf((name) => form[name]),
    file,
  )
}

/** The calculation, its errors naming the query parameter to correct. */
async function calculate(reader: Reader, request: LevelArrearsRequest) {
  try {
    return await calculateLevelArrears(reader, request)
  } catch (error) {
    if (error instanceof AppError && error.field && arrearsQueryField[error.field]) {
      throw error.withField(arrearsQueryField[error.field] ?? error.field)
    }
    throw error
  }
}

/** The request in the calculator's terms, or a 400 naming the first bad query parameter. */
function requestOf(cod: number, values: z.infer<typeof query>): LevelArrearsRequest {
  const read = readArrearsQuery(cod, values)
  if (read.request) return read.request
  const [field, message] = Object.entries(read.errors)[0] ?? ['richiesta', '']
  throw new AppError('bad_request', message, { field })
}

export function arrearsRoutes() {
  return createRouter()
    .openapi(calculationRoute, async (c) => {
      const { cod } = c.req.valid('param')
      return c.json(await calculate(readerOf(c), requestOf(cod, c.req.valid('query'))), 200)
    })
    .openapi(xlsxRoute, async (c) => {
      const { cod } = c.req.valid('param')
      const file = await arrearsXlsx(await calculate(readerOf(c), requestOf(cod, c.req.valid('query'))))
      return fileAnswer(new Uint8Array(file.data), XLSX, `attachment; filename="${file.name}"`)
    })
    .openapi(pdfRoute, async (c) => {
      const { cod } = c.req.valid('param')
      const file = await arrearsPdf(await calculate(readerOf(c), requestOf(cod, c.req.valid('query'))))
      return fileAnswer(file.data, PDF, `attachment; filename="${file.name}"`)
    })
    .openapi(listJsonRoute, async (c) => {
      const list = await listOf(c, c.req.valid('param').cod)
      return c.json(
        {
          dipendenti: list.employees.map(({ line, name, result }) => ({
            riga: line,
            nome: name,
            livello: result.level.code,
            totali: result.totals,
            tfr: result.tfr.amount,
          })),
          errori: list.errors.map((error) => ({
            riga: error.line,
            colonna: error.column,
            messaggio: error.message,
            testo: listErrorText(error),
          })),
          totali: list.totals,
        },
        200,
      )
    })
    .openapi(listXlsxRoute, async (c) => {
      const file = await arrearsListXlsx(await listOf(c, c.req.valid('param').cod))
      return fileAnswer(new Uint8Array(file.data), XLSX, `attachment; filename="${file.name}"`)
    })
    .openapi(listPdfRoute, async (c) => {
      const file = await arrearsListPdf(await listOf(c, c.req.valid('param').cod))
      return fileAnswer(new Uint8Array(file.data), PDF, `attachment; filename="${file.name}"`)
    })
    .openapi(templateRoute, async (c) => {
      assertCanRead(readerOf(c), 'archive')
      return fileAnswer(
        `\uFEFF${LIST_TEMPLATE}\r\n`,
        CSV,
        'attachment; filename="arretrati_elenco_modello.csv"',
      )
    })
}
