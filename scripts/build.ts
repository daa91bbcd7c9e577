/**
 * `npm run build`: the production build (Payload import map, Astro site, Next
 * admin, vendored assets, precompressed files). `npm start` calls
 * `ensureBuilt`, which rebuilds only when the sources changed since the last build.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { copyFile, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Logger } from 'pino'
import { isProcessAlive } from '../modules/platform/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const stampFile = path.join(root, 'dist/.build-stamp')
const inputs = [
  'site',
  'cms',
  'modules',
  'public',
  'payload.config.ts',
  'astro.config.mjs',
  'package-lock.json',
  'tsconfig.json',
]
const skipped = new Set(['node_modules', '.next', 'dist', '.astro'])

type SourceFile = { file: string; size: number; mtimeMs: number }

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

function sourceFiles(): SourceFile[] {
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
function sourceTimes(files: SourceFile[]): string {
  const hash = createHash('sha256')
  for (const { file, size, mtimeMs } of files) hash.update(`${file}\0${size}\0${mtimeMs}\0`)
  return hash.digest('hex')
}

/** What the build stamp records: the sources' digest and, once checked, their times. */
type Stamp = { digest: string; times?: string }

async function readStamp(): Promise<Stamp | undefined> {
  try {
    const text = await readFile(stampFile, 'utf8')
    // A stamp of an earlier version holds the digest alone.
    return text.startsWith('{') ? (JSON.parse(text) as Stamp) : { digest: text }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function run(command: string, args: string[], logger: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    logger.info(`> ${[path.basename(command), ...args].join(' ')}`)
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args[0] ?? ''} è terminato con codice ${code}`)),
    )
  })
}

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/
const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

async function precompress(dir: string): Promise<void> {
  if (!existsSync(dir)) return
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const content = await readFile(file)
    if (content.length < 1024) continue
    await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }))
    await writeFile(
      `${file}.br`,
      await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
  }
}

/** Builds everything from scratch. */
export async function build(logger: Logger): Promise<void> {
  // The digest of the sources as the build reads them: a file changed while it runs makes the next
  // check rebuild, instead of stamping the new sources on an output made from the old ones.
  const files = sourceFiles()
  const times = sourceTimes(files)
  const digest = await sourceDigest(files)
  const node = process.execPath
  const bin = (name: string) => path.join(root, 'node_modules', name)
  await run(node, [bin('payload/bin.js'), 'generate:importmap'], logger)
  await run(node, [bin('astro/bin/astro.mjs'), 'build', '--silent'], logger)
  await run(node, [bin('next/dist/bin/next'), 'build', path.join(root, 'cms')], logger)
  const vendor = path.join(root, 'dist/client/vendor')
  await mkdir(vendor, { recursive: true })
  await copyFile(
    bin('@scalar/api-reference/dist/browser/standalone.js'),
    path.join(vendor, 'scalar-api-reference.js'),
  )
  await precompress(path.join(root, 'dist/client'))
  await writeFile(stampFile, JSON.stringify({ digest, times } satisfies Stamp))
}

const lockFile = path.join(root, '.build.lock')

async function lockHolder(): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(lockFile, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Runs `task` while holding the build lock, so two commands on one checkout never build at once. */
async function withBuildLock(logger: Logger, task: () => Promise<void>): Promise<void> {
  let waiting = false
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = await lockHolder()
      if (holder === undefined || !isProcessAlive(holder)) {
        await rm(lockFile, { force: true })
        continue
      }
      if (!waiting) logger.info({ pid: holder }, 'Un’altra compilazione è in corso: attendo che finisca')
      waiting = true
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  try {
    await task()
  } finally {
    await rm(lockFile, { force: true })
  }
}

async function isCurrent(): Promise<boolean> {
  if (
    !existsSync(path.join(root, 'dist/server/entry.mjs')) ||
    !existsSync(path.join(root, 'cms/.next/BUILD_ID'))
  )
    return false
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

/** Rebuilds when the build is missing or older than the sources. */
export async function ensureBuilt(options: { logger: Logger; force?: boolean }): Promise<void> {
  if (!options.force && (await isCurrent())) return
  await withBuildLock(options.logger, async () => {
    // Another command may have finished the same build while this one waited.
    if (!options.force && (await isCurrent())) return
    options.logger.info('Compilo il portale (solo quando i sorgenti cambiano: circa un minuto)')
    const begin = performance.now()
    await build(options.logger)
    options.logger.info(
      { seconds: Math.round((performance.now() - begin) / 1000) },
      'Compilazione completata',
    )
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { getLogger } = await import('../modules/platform/index.ts')
  await ensureBuilt({ logger: getLogger(), force: process.argv.includes('--force') })
}
