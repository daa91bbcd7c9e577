/** Summaries (the PDF, per type the document and its index tree) and classification codes. */
import { z } from '@hono/zod-openapi'
import { createRouter, errorResponses, fileContent } from '../../http/index.ts'
import { it } from '../../i18n/index.ts'
import { getSchemeCodes } from '../classifications.ts'
import { answers, code, databaseRoute, fileAnswer, readerOf } from '../route-kit.ts'
import { ClassificationSchemas, SummarySchema, TreeSchema } from '../schemas.ts'
import { getSummary, summaryPdf, summaryTree, summaryTypes } from '../summaries.ts'

const byCategory = { params: z.object({ categoria: code }) }

const pdfRoute = databaseRoute({
  method: 'get',
  path: '/schedesintetiche/{cod}/pdf',
  tags: ['Sintesi'],
  summary: 'PDF della scheda sintetica',
  request: { params: z.object({ cod: code }) },
  responses: { 200: fileContent('application/pdf', 'Il PDF'), ...errorResponses(400, 401, 404) },
})

/** Per summary type: its index tree (public) and the document (subscribers; the demo summary for everyone). */
const documentRoutes = summaryTypes.map((type) => ({
  type,
  tree: databaseRoute({
    method: 'get',
    path: `/${type}/albero/{categoria}`,
    tags: ['Sintesi'],
    summary: `Indice: ${it.database.summaries.types[type]}`,
    request: byCategory,
    responses: answers(TreeSchema, 'L’indice del documento', 400, 404),
  }),
  document: databaseRoute({
    method: 'get',
    path: `/${type}/{categoria}`,
    tags: ['Sintesi'],
    summary: it.database.summaries.types[type],
    request: byCategory,
    responses: answers(SummarySchema, 'Il documento', 400, 401, 404),
  }),
}))

const schemes = [
  ['ccnlinps', 'INPS'],
  ['cnel', 'CNEL'],
  ['ateco', 'ATECO'],
] as const

/** The codes of each classification scheme of a category (subscribers). */
const classificationRoutes = schemes.map(([segment, scheme]) => ({
  scheme,
  route: databaseRoute({
    method: 'get',
    path: `/${segment}/byCategoria/{id}`,
    tags: ['Classificazioni'],
    summary: `Codici ${scheme} di una categoria`,
    request: { params: z.object({ id: code }) },
    responses: answers(ClassificationSchemas[scheme], `I codici ${scheme}`, 400, 401, 404),
  }),
}))

export function summaryRoutes() {
  const router = createRouter().openapi(pdfRoute, async (c) => {
    const pdf = await summaryPdf(readerOf(c), c.req.valid('param').cod)
    const name = pdf.name.replace(/[^\w.-]/g, '_')
    return fileAnswer(new Uint8Array(pdf.content), 'application/pdf', `inline; filename="${name}"`)
  })
  for (const { type, tree, document } of documentRoutes) {
    router.openapi(tree, async (c) =>
      c.json({ d: await summaryTree(c.req.valid('param').categoria, type) }, 200),
    )
    router.openapi(document, async (c) => {
      const summary = await getSummary(readerOf(c), c.req.valid('param').categoria, type)
      return c.json({ ...summary, avviso: summary.demo ? it.database.summaries.demo : null }, 200)
    })
  }
  for (const { scheme, route } of classificationRoutes) {
    router.openapi(route, async (c) =>
      c.json(await getSchemeCodes(readerOf(c), c.req.valid('param').id, scheme), 200),
    )
  }
  return router
}
