import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'

/** Chromium for browser tests: CHROME_PATH, Debian's package, or Playwright's own cache. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate
  }
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(homedir(), '.cache/ms-playwright')
  if (existsSync(cache)) {
    for (const entry of readdirSync(cache).sort().reverse()) {
      if (!entry.startsWith('chromium')) continue
      for (const relative of [
        'chrome-linux/chrome',
        'chrome-linux64/chrome',
        'chrome-linux/headless_shell',
        'chrome-headless-shell-linux64/chrome-headless-shell',
      ]) {
        const file = path.join(cache, entry, relative)
        if (existsSync(file)) return file
      }
    }
  }
  return undefined
}
