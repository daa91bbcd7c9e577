/**
 * The benchmark's data directory (`bench/.data`): an embedded installation
 * holding the `seed:scale` data set (1,000 contracts, 5,000 categories,
 * 100,000 news; `--small` for a tenth of it) imported and indexed for search.
 * It is built once and reused while its stamp (sizes and the generator's
 * sources) is current; anything else rebuilds it from scratch.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { freePort } from './suite.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type ScaleSize = { contracts: number; categories: number; news: number }

export const FULL_SCALE: ScaleSize = { contracts: 1000, categories: 5000, news: 100_000 }
export const SMALL_SCALE: ScaleSize = { contracts: 200, categories: 1000, news: 10_000 }

/** The data directory of a size: the full scale in `bench/.data`, the small one beside it. */
export function scaleDataDir(size: ScaleSize): string {
  return path.join(root, 'bench', size.news === FULL_SCALE.news ? '.data' : '.data-small')
}

async function generatorDigest(size: ScaleSize): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(size))
  const dir = path.join(root, 'dev/seed')
  const files = (await readdir(dir, { recursive: true }))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
  for (const file of files) hash.update(file).update(await readFile(path.join(dir, file)))
  return hash.digest('hex')
}

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', script), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} è terminato con codice ${code}`)),
    )
  })
}

/** The data directory holding the scale data, built when missing or out of date. */
export async function ensureScaleData(size: ScaleSize, logger: Logger): Promise<string> {
  const dataDir = scaleDataDir(size)
  const stampFile = path.join(dataDir, 'bench-stamp')
  const digest = await generatorDigest(size)
  if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === digest) {
    logger.info({ dataDir: path.relative(root, dataDir) }, 'Dati di scala presenti e aggiornati: li riuso')
    return dataDir
  }
  logger.info(size, 'Genero e importo i dati di scala (solo la prima volta: alcuni minuti)')
  const begin = performance.now()
  await rm(dataDir, { recursive: true, force: true })
  await mkdir(dataDir, { recursive: true })
  // Its own ports: the embedded Postgres port follows PORT.
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  }
  await runScript(
    'seed-scale.ts',
    [
      '--contracts',
      String(size.contracts),
      '--categories',
      String(size.categories),
      '--news',
      String(size.news),
      '--out',
      path.join(dataDir, 'package'),
    ],
    env,
  )
  await runScript('search-reindex.ts', [], env)
  // The package was only the import's input.
  await rm(path.join(dataDir, 'package'), { recursive: true, force: true })
  await writeFile(stampFile, digest)
  logger.info({ seconds: Math.round((performance.now() - begin) / 1000) }, 'Dati di scala pronti')
  return dataDir
}
