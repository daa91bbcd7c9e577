import type { ImportProgress, ProgressListener } from './engine.ts'
import { entityLabel } from './report.ts'

export type ProgressBar = { onProgress: ProgressListener; stop: () => void }

/**
 * A one-line progress bar for a terminal (`Tabelle retributive  [#####-----] 512/1024`).
 * On a pipe or file it prints nothing until the end, so logs stay clean.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stdout): ProgressBar {
  if (!stream.isTTY) return { onProgress: () => {}, stop: () => {} }
  let last = ''
  let lastDraw = 0
  let current: ImportProgress | undefined
  const draw = (progress: ImportProgress) => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50))
    const ratio = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 1
    const filled = Math.round(ratio * width)
    const label = entityLabel(progress.entity).padEnd(22)
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${progress.done}/${progress.total}`
    if (line !== last) stream.write(`\r${line}\x1b[K`)
    last = line
  }
  return {
    onProgress: (progress) => {
      if (current && current.entity !== progress.entity) {
        draw({ ...current, done: current.total })
        stream.write('\n')
      }
      current = progress
      const now = Date.now()
      if (now - lastDraw > 50 || progress.done >= progress.total) {
        lastDraw = now
        draw(progress)
      }
    },
    stop: () => {
      if (current) {
        draw({ ...current, done: Math.max(current.done, current.total) })
        stream.write('\n')
      }
      current = undefined
    },
  }
}
