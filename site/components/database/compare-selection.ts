/**
 * The finder's comparison selection, kept in its own address (`confronto=133,105`)
 * so it needs no script and no storage: adding or removing a contract is a
 * link to the same results with the list changed.
 */
import { COMPARE_MAX } from '#modules/ccnl'

/** The contract codes of the finder's selection (at most four, no repeats). */
export function selectionOf(url: URL): number[] {
  const codes = (url.searchParams.get('confronto') ?? '')
    .split(',')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
  return [...new Set(codes)].filter((code) => code > 0).slice(0, COMPARE_MAX)
}

/** The current address with `codes` as the selection, back at the results. */
export function withSelection(url: URL, codes: readonly number[]): string {
  const next = new URL(url)
  if (codes.length > 0) next.searchParams.set('confronto', codes.join(','))
  else next.searchParams.delete('confronto')
  return `${next.pathname}${next.search}#risultati`
}
