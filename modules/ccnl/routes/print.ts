/** Print views: a token for one document (10 minutes), and the document for the token's holder. */
import { z } from '@hono/zod-openapi'
import { createRouter, jsonBody } from '../../http/index.ts'
import { it } from '../../i18n/index.ts'
import { AppError } from '../../platform/index.ts'
import { createPrintToken, verifyPrintToken } from '../print-token.ts'
import { printDocument, printTypes } from '../print.ts'
import { answers, readOperations, databaseRoute, readerOf, text, userIdOf } from '../route-kit.ts'
import { PrintDocumentSchema, PrintTokenSchema } from '../schemas.ts'

const tags = ['Stampa']
const read = readOperations(tags)

const tokenRoute = databaseRoute({
  method: 'post',
  path: '/stampa/token',
  tags,
  summary: 'Token di stampa (10 minuti, solo per quel documento)',
  request: jsonBody(z.object({ tipoDocumento: z.enum(printTypes), codiceRiferimento: text(300) })),
  responses: answers(PrintTokenSchema, 'Il token e la pagina di stampa', 400, 401, 404),
})
const documentRoute = read(
  '/stampa/{tipoDocumento}/{codiceRiferimento}',
  'Documento da stampare',
  {
    params: z.object({ tipoDocumento: text(40), codiceRiferimento: text(300) }),
    query: z.object({ token: z.string().max(2000).optional() }),
  },
  answers(PrintDocumentSchema, 'Il documento', 400, 401, 404),
)

export function printRoutes() {
  return createRouter()
    .openapi(tokenRoute, async (c) => {
      const { tipoDocumento, codiceRiferimento } = c.req.valid('json')
      // The caller must be able to print the document now: the token never widens access.
      await printDocument(readerOf(c), tipoDocumento, codiceRiferimento)
      const token = createPrintToken(userIdOf(c), tipoDocumento, codiceRiferimento)
      const url = `/stampa/${tipoDocumento}/${encodeURIComponent(codiceRiferimento)}?token=${token}`
      return c.json({ token, url }, 200)
    })
    .openapi(documentRoute, async (c) => {
      const { tipoDocumento, codiceRiferimento } = c.req.valid('param')
      const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '')
      const token = c.req.valid('query').token ?? bearer ?? ''
      const owner = verifyPrintToken(token, tipoDocumento, codiceRiferimento)
      const reader = readerOf(c)
      if (!owner || owner !== reader.user?.id)
        throw new AppError('unauthorized', it.database.errors.printTokenInvalid)
      return c.json(await printDocument(reader, tipoDocumento, codiceRiferimento), 200)
    })
}
