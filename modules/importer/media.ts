import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { eq } from '@payloadcms/db-postgres/drizzle'
import { IMPORT_CONTEXT, tableOf, withLocalApi } from './database.ts'
import type { BatchContext } from './engine.ts'

export type MediaResult = { id: number | null } | { error: string }

/** Finds or stores the files a package references (`media/<name>`), once per content. */
export type MediaResolver = {
  resolve: (fileName: string, context: BatchContext) => Promise<MediaResult>
}

const mimeTypes: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
}

/**
 * Files are matched by content (SHA-256): an unchanged file keeps its media
 * record, so re-importing a package changes nothing. In a dry run new files
 * are checked but not stored.
 */
export function mediaResolver(packageDir: string): MediaResolver {
  // Per batch transaction: a rolled back batch takes its new files with it.
  const cache = new WeakMap<object, Map<string, number>>()
  return {
    async resolve(fileName, context) {
      let byHash = cache.get(context.tx)
      if (!byHash) {
        byHash = new Map()
        cache.set(context.tx, byHash)
      }
      if (fileName.includes('/') || fileName.includes('\\') || fileName.startsWith('.')) {
        return { error: `nome di file non valido: ${fileName}` }
      }
      const extension = path.extname(fileName).toLowerCase()
      const mimetype = mimeTypes[extension]
      if (!mimetype) return { error: `tipo di file non ammesso: ${fileName} (PDF o immagini)` }
      const file = path.join(packageDir, 'media', fileName)
      try {
        if (!(await stat(file)).isFile()) return { error: `file media/${fileName} non trovato` }
      } catch {
        return { error: `file media/${fileName} non trovato` }
      }
      const content = await readFile(file)
      const sha256 = createHash('sha256').update(content).digest('hex')
      const known = byHash.get(sha256)
      if (known !== undefined) return { id: known }

      const table = tableOf(context.payload, 'media')
      const [stored] = (await context.tx
        .select({ id: table.id })
        .from(table)
        .where(eq(table.sha256, sha256))
        .limit(1)) as { id: number }[]
      if (stored) {
        byHash.set(sha256, stored.id)
        return { id: stored.id }
      }
      if (context.dryRun) return { id: null }
      const created = await withLocalApi(context.payload, context.tx, (req) =>
        context.payload.create({
          collection: 'media',
          data: { alt: path.basename(fileName, extension) },
          file: { data: content, mimetype, name: fileName, size: content.length },
          req,
          // A copy per file: the S3 storage plugin marks the request's context while it stores a file,
          // and a mark left on a shared object would make it skip every later file of the import.
          context: { ...IMPORT_CONTEXT },
          overrideAccess: true,
          depth: 0,
        }),
      )
      byHash.set(sha256, created.id)
      return { id: created.id }
    },
  }
}
