/**
 * Whether the production build is current: the digest of the files the build
 * reads, kept in `dist/.build-stamp`. Free of the portal's modules, so
 * `npm start` checks it before it loads the bundle.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Where the server bundle is written (scripts/bundle-server.ts), relative to the root. */
export const BUNDLE_DIR = 'dist/app'
/** The bundled entry `npm start` runs. */
export const BUNDLE_ENTRY = `${BUNDLE_DIR}/portal.mjs`
/** The outputs a complete build leaves. */
const builtFiles = ['dist/server/entry.mjs', BUNDLE_ENTRY, 'cms/.next/BUILD_ID']

export const stampFile = path.join(root, 'dist/.build-stamp')
const inputs = [
  'site',
  'cms',
  'modules',
  'public',
  'scripts',
  'dev',
  'payload.config.ts',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
]
const skipped = new Set(['node_modules', '.next', 'dist', '.astro'])

export type SourceFile = { file: string; size: number; mtimeMs: number }

/** The files under `entry` the build reads, with their size and time (synchronous: a few hundred stats). */
function collectFiles(entry: string, out: SourceFile[]): void {
  const full = path.join(root, entry)
  if (!existsSync(full)) return
  const info = statSync(full)
  if (info.isFile()) {
    out.push({ file: entry, size: info.size, mtimeMs: info.mtimeMs })
    return
  }
  for (const child of readdirSync(full, { withFileTypes: true })) {
    if (skipped.has(child.name)) continue
    if (/\.(test|spec)\.tsx?$/.test(child.name)) continue
    collectFiles(path.join(entry, child.name), out)
  }
}

export function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = []
  for (const entry of inputs) collectFiles(entry, files)
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}

/** A digest of every file the build reads. */
export async function sourceDigest(files = sourceFiles()): Promise<string> {
  const hash = createHash('sha256')
  for (const { file } of files) {
    hash.update(file)
    hash.update(await readFile(path.join(root, file)))
  }
  return hash.digest('hex')
}

/**
 * The names, sizes and modification times of the files the build reads:
 * when they are those of the last check, the sources are too, and the start
 * skips reading them all for their digest.
 */
export function sourceTimes(files: SourceFile[]): string {
  const hash = createHash('sha256')
  for (const { file, size, mtimeMs } of files) hash.update(`${file}\0${size}\0${mtimeMs}\0`)
  return hash.digest('hex')
}

/** What the build stamp records: the sources' digest and, once checked, their times. */
export type Stamp = { digest: string; times?: string }

export async function readStamp(): Promise<Stamp | undefined> {
  try {
    const text = await readFile(stampFile, 'utf8')
    // A stamp of an earlier version holds the digest alone.
    return text.startsWith('{') ? (JSON.parse(text) as Stamp) : { digest: text }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** True when the build exists and was made from the sources as they are. */
export async function isBuildCurrent(): Promise<boolean> {
  if (!builtFiles.every((file) => existsSync(path.join(root, file)))) return false
  const stamp = await readStamp()
  if (!stamp) return false
  const files = sourceFiles()
  const times = sourceTimes(files)
  if (stamp.times === times) return true
  // Other times (a new checkout, a file saved unchanged): the contents decide, and the times are kept for next time.
  if (stamp.digest !== (await sourceDigest(files))) return false
  await writeFile(stampFile, JSON.stringify({ digest: stamp.digest, times } satisfies Stamp))
  return true
}
