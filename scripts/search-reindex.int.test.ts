/** `npm run search:reindex` end to end, against the integration database. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function run(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/search-reindex.ts')], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run search:reindex', () => {
  it('rebuilds the index from the content and says how much it indexed', async () => {
    const { code, stdout, stderr } = await run()
    expect(stderr).not.toMatch(/Error/)
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /Indice di ricerca \(postgres\) ricostruito in [\d.]+ s: \d+ categorie, \d+ notizie, \d+ sezioni di testi\./,
    )
  }, 120_000)
})
