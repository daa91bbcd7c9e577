/** Pay tables: the effective dates (public), a table, its note and its CSV and XLSX files (in force: trial and subscribers). */
import { z } from '@hono/zod-openapi'
import { createRouter, errorResponses, fileContent } from '../../http/index.ts'
import { payTableCsv, payTableXlsx } from '../export.ts'
import { getPayTable, listEffectiveDates } from '../pay-tables.ts'
import {
  readOperations,
  answers,
  code,
  databaseRoute,
  dayParam,
  fileAnswer,
  readerOf,
  text,
} from '../route-kit.ts'
import { EffectiveDateSchema, HtmlNoteSchema, PayTableSchema } from '../schemas.ts'

const tags = ['Tabelle retributive']
const read = readOperations(tags)
const tableParams = z.object({ cod: code, data: text(10) })
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const datesRoute = read(
  '/tabelleretributive/decorrenze/byCategoria/{cod}',
  'Decorrenze delle tabelle di una categoria',
  { params: z.object({ cod: code }) },
  answers(z.array(EffectiveDateSchema), 'Le decorrenze, dalla più recente', 400, 404),
)
const tableRoute = read(
  '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}',
  'Tabella retributiva di una decorrenza',
  { params: tableParams },
  answers(PayTableSchema, 'La tabella e i livelli', 400, 401, 404),
)
const fileRoute = <P extends string>(path: P, summary: string, type: string) =>
  databaseRoute({
    method: 'get',
    path,
    tags,
    summary,
    request: { params: tableParams },
    responses: { 200: fileContent(type, 'Il file'), ...errorResponses(400, 401, 404) },
  })
const csvRoute = fileRoute(
  '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/csv',
  'Tabella retributiva in CSV (con intestatario e Riproduzione Riservata)',
  'text/csv',
)
const xlsxRoute = fileRoute(
  '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/xlsx',
  'Tabella retributiva in XLSX (con intestatario e Riproduzione Riservata)',
  XLSX,
)
const noteRoute = read(
  '/tabelleretributive/note/categoria/{cod}/decorrenza/{data}',
  'Nota della tabella retributiva',
  { params: tableParams },
  answers(HtmlNoteSchema, 'La nota (HTML)', 400, 401, 404),
)

export function payTableRoutes() {
  return createRouter()
    .openapi(datesRoute, async (c) =>
      c.json(
        (await listEffectiveDates(c.req.valid('param').cod)).map((date) => ({
          id: date.id,
          decorrenza: date.decorrenza,
          storica: date.historical,
        })),
        200,
      ),
    )
    .openapi(tableRoute, async (c) => {
      const { cod, data } = c.req.valid('param')
      const table = await getPayTable(readerOf(c), cod, dayParam(data))
      return c.json({ decorrenza: table.decorrenza, tabella: table.tabella, livelli: table.livelli }, 200)
    })
    .openapi(csvRoute, async (c) => {
      const { cod, data } = c.req.valid('param')
      const file = await payTableCsv(readerOf(c), cod, dayParam(data))
      return fileAnswer(file.csv, 'text/csv; charset=utf-8', `attachment; filename="${file.name}"`)
    })
    .openapi(xlsxRoute, async (c) => {
      const { cod, data } = c.req.valid('param')
      const file = await payTableXlsx(readerOf(c), cod, dayParam(data))
      return fileAnswer(new Uint8Array(file.data), XLSX, `attachment; filename="${file.name}"`)
    })
    .openapi(noteRoute, async (c) => {
      const { cod, data } = c.req.valid('param')
      const table = await getPayTable(readerOf(c), cod, dayParam(data))
      return c.json({ interoHTML: table.noteHtml }, 200)
    })
}
