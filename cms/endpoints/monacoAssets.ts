import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Endpoint } from 'payload'

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
}

/**
 * Serves the Monaco editor files (`node_modules/monaco-editor/min/vs`) at
 * `/cms/api/monaco/vs/...`, so the admin works offline and sends nothing to a CDN.
 */
export function monacoAssets(vsDir: string): Endpoint {
  const root = path.resolve(vsDir)
  return {
    path: '/monaco/vs/:file*',
    method: 'get',
    handler: async (req) => {
      const parts = req.routeParams?.file
      const segments = (Array.isArray(parts) ? parts : [parts]).filter(
        (part): part is string => typeof part === 'string',
      )
      const file = path.resolve(root, ...segments)
      const type = contentTypes[path.extname(file)]
      if (!file.startsWith(`${root}${path.sep}`) || !type) return new Response('Not found', { status: 404 })
      try {
        const body = await readFile(file)
        return new Response(body, {
          headers: {
            'content-type': type,
            'cache-control': 'public, max-age=86400',
            'content-length': String(body.length),
          },
        })
      } catch {
        // Missing file: the editor asks for optional language modules by name.
        return new Response('Not found', { status: 404 })
      }
    },
  }
}
