/**
 * `npm run seed:scale -- --contracts 1000 --categories 5000 --news 100000 [--seed 1]
 *  [--out .data-scale/package] [--no-import]`: writes a benchmark data package with the
 * shapes of the demo set, then imports it with `npm run import` (same DATABASE_URL or
 * DATA_DIR rules) when the import pipeline is present.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { writeScalePackage } from '../dev/seed/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const usage = `Uso:
  npm run seed:scale -- [--contracts 1000] [--categories 5000] [--news 100000] [--seed 1]
                        [--out .data-scale/package] [--no-import]`

function count(value: string, name: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} deve essere un numero intero non negativo (ricevuto "${value}")\n\n${usage}`)
    process.exit(64)
  }
  return n
}

let args
try {
  args = parseArgs({
    options: {
      contracts: { type: 'string', default: '1000' },
      categories: { type: 'string', default: '5000' },
      news: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: '.data-scale/package' },
      'no-import': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(64)
}
if (args.values.help) {
  console.log(usage)
  process.exit(0)
}

const options = {
  contracts: count(args.values.contracts, 'contracts'),
  categories: count(args.values.categories, 'categories'),
  news: count(args.values.news, 'news'),
  seed: args.values.seed,
}
if (options.contracts === 0 && options.categories > 0) {
  console.error(`Servono almeno un contratto per generare categorie.\n\n${usage}`)
  process.exit(64)
}
const out = path.resolve(root, args.values.out)

const started = Date.now()
const { counts } = await writeScalePackage(out, options)
const shown = out.startsWith(root + path.sep) ? path.relative(root, out) : out
console.log(`Pacchetto di carico scritto in ${shown} in ${((Date.now() - started) / 1000).toFixed(1)} s:`)
for (const [entity, n] of Object.entries(counts)) console.log(`  ${entity.padEnd(22)} ${n}`)

if (args.values['no-import']) process.exit(0)

// The import pipeline is optional: import only when it is present and exposes importPackage.
const importerIndex = path.join(root, 'modules', 'importer', 'index.ts')
const importScript = path.join(root, 'scripts', 'import.ts')
if (!existsSync(importerIndex) || !existsSync(importScript)) {
  console.log('Importazione saltata: la pipeline di importazione non è presente.')
  process.exit(0)
}
const importer = (await import(pathToFileURL(importerIndex).href)) as { importPackage?: unknown }
if (typeof importer.importPackage !== 'function') {
  console.log('Importazione saltata: modules/importer non espone importPackage.')
  process.exit(0)
}
// The import command owns the database lifecycle (embedded Postgres or DATABASE_URL).
console.log('Importazione del pacchetto nel database...')
const result = spawnSync(process.execPath, [importScript, out], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
})
process.exit(result.status ?? 1)
