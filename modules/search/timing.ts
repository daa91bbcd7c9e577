/**
 * How long the engine took for each search it answered (a search answered
 * from the result cache queries no engine and is not timed): the listeners
 * registered here (the server's metrics) are told of each one.
 */
import type { SearchIndex } from './search-index.ts'

/** One search the engine answered: which engine, which kind, how long it took, whether it failed. */
export type TimedSearch = {
  engine: SearchIndex['engine']
  kind: 'contracts' | 'news' | 'sections'
  seconds: number
  failed: boolean
}

const listeners = new Set<(search: TimedSearch) => void>()

/** Registers a listener told of every search the engine answers; returns its removal. */
export function onSearchTimed(listener: (search: TimedSearch) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Runs one search of the engine and tells the listeners how long it took. */
export async function timedSearch<T>(
  engine: TimedSearch['engine'],
  kind: TimedSearch['kind'],
  search: () => Promise<T>,
): Promise<T> {
  if (listeners.size === 0) return search()
  const begin = performance.now()
  let failed = true
  try {
    const result = await search()
    failed = false
    return result
  } finally {
    const seconds = (performance.now() - begin) / 1000
    for (const listener of listeners) listener({ engine, kind, seconds, failed })
  }
}
