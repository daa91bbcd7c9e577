/**
 * `npm start`: builds what is missing (in a child process, `scripts/build.ts`),
 * then runs the portal from the build's bundle (`dist/app/portal.mjs`, made
 * from scripts/portal.ts by scripts/bundle-server.ts) until SIGINT/SIGTERM.
 * Nothing of the portal is loaded here: the bundle holds the one instance of
 * every module.
 */
import { spawn } from 'node:child_process'
import { enableCompileCache } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BUNDLE_ENTRY, isBuildCurrent } from './build-state.ts'

// Compiled code of the large server dependencies is cached on disk: later starts skip most parsing.
enableCompileCache()

// The portal always runs its production build; React, Next and Payload read this at load time.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })
process.env.ASTRO_TELEMETRY_DISABLED = '1'
process.env.NEXT_TELEMETRY_DISABLED = '1'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Runs the build in its own process; resolves with its exit code. */
function runBuild(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.ts')], {
      cwd: root,
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

if (!(await isBuildCurrent())) {
  const code = await runBuild()
  if (code !== 0) process.exit(code)
}
await import(pathToFileURL(path.join(root, BUNDLE_ENTRY)).href)
