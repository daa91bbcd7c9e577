/** The filter panels' rule (content.md §5), shared by the island and its tests. */

/**
 * Valid filters: the top panel needs a sector or a start date; the side panel
 * a sector, a contract or a start date (-1 means all).
 */
export function filtersValid(
  variant: 'top' | 'side',
  sector: number,
  contract: number,
  from: string,
): boolean {
  if (variant === 'top') return sector !== -1 || from !== ''
  return sector !== -1 || contract !== -1 || from !== ''
}
