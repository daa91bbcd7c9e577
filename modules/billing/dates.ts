/** Adds whole months or years to a Stripe timestamp (seconds, UTC), keeping the day of month where it exists. */
export function addIntervalTo(timestamp: number, interval: string, count = 1): number {
  if (interval === 'day') return timestamp + count * 86_400
  if (interval === 'week') return timestamp + count * 7 * 86_400
  const date = new Date(timestamp * 1000)
  const months = interval === 'year' ? 12 * count : count
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  )
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return Math.floor(target.getTime() / 1000)
}
