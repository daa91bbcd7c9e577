/**
 * The Payload admin and CMS API (Next), loaded with the first request for
 * them: readers never pay for its memory. A failed start answers 503 and is
 * tried again at the next request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Logger } from 'pino'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

type NextApp = {
  prepare: () => Promise<void>
  getRequestHandler: () => Handler
  close?: () => Promise<void>
}

const NEXT_PREFIXES = ['/admin', '/cms/api', '/_next', '/__nextjs']

/** True for the paths Next answers. */
export function isNextPath(pathname: string): boolean {
  return NEXT_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

export function createAdminApp(options: { root: string; logger: Logger }) {
  let app: NextApp | undefined
  let loading: Promise<Handler> | undefined
  const handler = (): Promise<Handler> =>
    (loading ??= (async () => {
      const nextModule = await import('next')
      const createNext = nextModule.default as unknown as (settings: {
        dir: string
        dev: boolean
        quiet: boolean
        customServer: boolean
      }) => NextApp
      const next = createNext({
        dir: path.join(options.root, 'cms'),
        dev: false,
        quiet: true,
        customServer: true,
      })
      await next.prepare()
      app = next
      return next.getRequestHandler()
    })().catch((error: unknown) => {
      loading = undefined
      throw error
    }))

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      let admin: Handler
      try {
        admin = await handler()
      } catch (error) {
        options.logger.error({ err: error }, 'Avvio dell’area di amministrazione non riuscito')
        const body = JSON.stringify({
          error: {
            code: 'unavailable',
            message: 'Area di amministrazione non disponibile: riprova tra qualche istante.',
          },
        })
        res.writeHead(503, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        })
        res.end(body)
        return
      }
      await admin(req, res)
    },
    async close(): Promise<void> {
      await app
        ?.close?.()
        .catch((error: unknown) => options.logger.warn({ err: error }, 'Chiusura di Next non riuscita'))
    },
  }
}
