/**
 * `npm run data:demo`: regenerates the shipped demo data set in data/demo/ from the
 * facts in dev/seed (deterministic: the same code always writes the same bytes).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeDemoPackage } from '../dev/seed/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = path.join(root, 'data', 'demo')

const started = Date.now()
const { counts } = await writeDemoPackage(dir)
console.log(`Dati dimostrativi scritti in ${path.relative(root, dir)} in ${Date.now() - started} ms:`)
for (const [entity, count] of Object.entries(counts)) console.log(`  ${entity.padEnd(22)} ${count}`)
