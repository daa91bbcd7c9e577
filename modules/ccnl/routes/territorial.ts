/** Territorial and company bargaining: where documents exist (public), the texts and tables (Professional). */
import { z } from '@hono/zod-openapi'
import { createRouter } from '../../http/index.ts'
import { answers, code, readerOf, readOperations, text } from '../route-kit.ts'
import {
  CompanySchema,
  RegionSchema,
  TerritorialTableSchema,
  TerritorialTableTextSchema,
  TextSummarySchema,
  TreeSchema,
} from '../schemas.ts'
import {
  companyTables,
  companyTexts,
  listCompanies,
  listRegions,
  provinceTables,
  territorialTable,
  territorialTableTree,
  territorialTexts,
} from '../territorial.ts'

const tags = ['Territoriale']
const read = readOperations(tags)
const texts = (description: string) => answers(z.array(TextSummarySchema), description, 400, 401, 404)
const tables = (description: string) => answers(z.array(TerritorialTableSchema), description, 400, 401, 404)

const regionsRoute = read(
  '/territori/byContrattoCategoria/{contract}/{category}',
  'Regioni e province con documenti',
  { params: z.object({ contract: code, category: code }) },
  answers(z.array(RegionSchema), 'Le regioni, con le loro province', 400, 404),
)
const companiesRoute = read(
  '/aziende/byContratto/{contract}',
  'Aziende con accordi',
  { params: z.object({ contract: code }) },
  answers(z.array(CompanySchema), 'Le aziende', 400, 404),
)
const regionTextsRoute = read(
  '/territoriali/testi/byContrattoRegione/{contract}/{region}',
  'Testi territoriali di una regione',
  { params: z.object({ contract: code, region: text(8) }) },
  texts('I testi della regione'),
)
const provinceTextsRoute = read(
  '/territoriali/testi/byContrattoProvincia/{contract}/{province}',
  'Testi territoriali di una provincia',
  { params: z.object({ contract: code, province: text(8) }) },
  texts('I testi della provincia'),
)
const companyTextsRoute = read(
  '/contratti/testi/byAzienda/{company}',
  'Testi aziendali',
  { params: z.object({ company: code }) },
  texts('I testi dell’azienda'),
)
const companyTablesRoute = read(
  '/territoriali/tabelle/decorrenze/aziendali/{company}',
  'Tabelle aziendali',
  { params: z.object({ company: code }) },
  tables('Le tabelle dell’azienda'),
)
const provinceTablesRoute = read(
  '/territoriali/tabelle/decorrenze/{category}/{province}',
  'Tabelle territoriali di una provincia',
  { params: z.object({ category: code, province: text(8) }) },
  tables('Le tabelle della provincia'),
)
const tableTreeRoute = read(
  '/territoriali/tabelle/{id}/albero',
  'Indice di una tabella territoriale',
  { params: z.object({ id: text(64) }) },
  answers(TreeSchema, 'L’indice della tabella', 400, 401, 404),
)
const tableRoute = read(
  '/territoriali/tabella/{codice}',
  'Tabella territoriale',
  { params: z.object({ codice: text(64) }) },
  answers(TerritorialTableTextSchema, 'La tabella', 400, 401, 404),
)

export function territorialRoutes() {
  return createRouter()
    .openapi(regionsRoute, async (c) => {
      const { contract, category } = c.req.valid('param')
      return c.json(await listRegions(contract, category), 200)
    })
    .openapi(companiesRoute, async (c) => c.json(await listCompanies(c.req.valid('param').contract), 200))
    .openapi(regionTextsRoute, async (c) => {
      const { contract, region } = c.req.valid('param')
      return c.json(await territorialTexts(readerOf(c), contract, { regionCode: region }), 200)
    })
    .openapi(provinceTextsRoute, async (c) => {
      const { contract, province } = c.req.valid('param')
      return c.json(
        await territorialTexts(readerOf(c), contract, { provinceCode: province.toUpperCase() }),
        200,
      )
    })
    .openapi(companyTextsRoute, async (c) =>
      c.json(await companyTexts(readerOf(c), c.req.valid('param').company), 200),
    )
    .openapi(companyTablesRoute, async (c) =>
      c.json(await companyTables(readerOf(c), c.req.valid('param').company), 200),
    )
    .openapi(provinceTablesRoute, async (c) => {
      const { category, province } = c.req.valid('param')
      return c.json(await provinceTables(readerOf(c), category, province.toUpperCase()), 200)
    })
    .openapi(tableTreeRoute, async (c) =>
      c.json({ d: await territorialTableTree(c.req.valid('param').id) }, 200),
    )
    .openapi(tableRoute, async (c) =>
      c.json(await territorialTable(readerOf(c), c.req.valid('param').codice), 200),
    )
}
