/** Territorial and company bargaining: where documents exist (public), the texts and tables (Professional). */
import { z } from '@hono/zod-openapi'
import { createRouter } from '../../http/index.ts'
import { answers, code, databaseRoute, readerOf, text } from '../route-kit.ts'
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
const texts = (description: string) => answers(z.array(TextSummarySchema), description, 400, 401, 404)
const tables = (description: string) => answers(z.array(TerritorialTableSchema), description, 400, 401, 404)

const regionsRoute = databaseRoute({
  method: 'get',
  path: '/territori/byContrattoCategoria/{contract}/{category}',
  tags,
  summary: 'Regioni e province con documenti',
  request: { params: z.object({ contract: code, category: code }) },
  responses: answers(z.array(RegionSchema), 'Le regioni, con le loro province', 400, 404),
})
const companiesRoute = databaseRoute({
  method: 'get',
  path: '/aziende/byContratto/{contract}',
  tags,
  summary: 'Aziende con accordi',
  request: { params: z.object({ contract: code }) },
  responses: answers(z.array(CompanySchema), 'Le aziende', 400, 404),
})
const regionTextsRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/testi/byContrattoRegione/{contract}/{region}',
  tags,
  summary: 'Testi territoriali di una regione',
  request: { params: z.object({ contract: code, region: text(8) }) },
  responses: texts('I testi della regione'),
})
const provinceTextsRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/testi/byContrattoProvincia/{contract}/{province}',
  tags,
  summary: 'Testi territoriali di una provincia',
  request: { params: z.object({ contract: code, province: text(8) }) },
  responses: texts('I testi della provincia'),
})
const companyTextsRoute = databaseRoute({
  method: 'get',
  path: '/contratti/testi/byAzienda/{company}',
  tags,
  summary: 'Testi aziendali',
  request: { params: z.object({ company: code }) },
  responses: texts('I testi dell’azienda'),
})
const companyTablesRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/tabelle/decorrenze/aziendali/{company}',
  tags,
  summary: 'Tabelle aziendali',
  request: { params: z.object({ company: code }) },
  responses: tables('Le tabelle dell’azienda'),
})
const provinceTablesRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/tabelle/decorrenze/{category}/{province}',
  tags,
  summary: 'Tabelle territoriali di una provincia',
  request: { params: z.object({ category: code, province: text(8) }) },
  responses: tables('Le tabelle della provincia'),
})
const tableTreeRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/tabelle/{id}/albero',
  tags,
  summary: 'Indice di una tabella territoriale',
  request: { params: z.object({ id: text(64) }) },
  responses: answers(TreeSchema, 'L’indice della tabella', 400, 401, 404),
})
const tableRoute = databaseRoute({
  method: 'get',
  path: '/territoriali/tabella/{codice}',
  tags,
  summary: 'Tabella territoriale',
  request: { params: z.object({ codice: text(64) }) },
  responses: answers(TerritorialTableTextSchema, 'La tabella', 400, 401, 404),
})

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
