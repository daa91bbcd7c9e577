/**
 * A pure function with its answers remembered, for values computed again and
 * again on hot paths from a small set of inputs (formatted dates, excerpts,
 * policies). At most `maxEntries` are kept: past that the memory starts over.
 * No I/O and nothing server-only: islands may import it.
 */
export function remembered<K, V>(compute: (key: K) => V, maxEntries: number): (key: K) => V {
  const kept = new Map<K, V>()
  return (key) => {
    let value = kept.get(key)
    if (value === undefined) {
      if (kept.size >= maxEntries) kept.clear()
      value = compute(key)
      kept.set(key, value)
    }
    return value
  }
}
