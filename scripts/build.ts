/**
 * `npm run build`: the production build (Payload import map, Astro site, Next
 * admin, the server bundle, vendored assets, precompressed files). `npm start`
 * runs it when the sources changed since the last build (scripts/build-state.ts).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Logger } from 'pino'
import { isProcessAlive } from '../modules/platform/index.ts'
import { bundleServer } from './bundle-server.ts'
import {
  isBuildCurrent,
  root,
  sourceDigest,
  sourceFiles,
  sourceTimes,
  stampFile,
  type Stamp,
} from './build-state.ts'

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
  // After the site: its server entry is bundled with the server.
  logger.info('> esbuild scripts/portal.ts dist/server/entry.mjs')
  await rm(path.join(root, 'dist/app'), { recursive: true, force: true })
  await bundleServer(root)
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

/** Rebuilds when the build is missing or older than the sources. */
export async function ensureBuilt(options: { logger: Logger; force?: boolean }): Promise<void> {
  if (!options.force && (await isBuildCurrent())) return
  await withBuildLock(options.logger, async () => {
    // Another command may have finished the same build while this one waited.
    if (!options.force && (await isBuildCurrent())) return
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
  const { EnvError, getLogger } = await import('../modules/platform/index.ts')
  try {
    await ensureBuilt({ logger: getLogger(), force: process.argv.includes('--force') })
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    process.exit(78)
  }
}
