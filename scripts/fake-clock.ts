/** The moment a test run on another day moves the clock to, and the library that moves it (scripts/test-at.ts). */
import { existsSync } from 'node:fs'
import { TZDate } from '@date-fns/tz'

const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
]

/** Where Debian's `faketime` package puts libfaketime, if it is installed. */
export function fakeTimeLibrary(): string | undefined {
  return LIBRARIES.find((file) => existsSync(file))
}

/** The moment `when` names, or an Italian message saying what it should be. */
export function targetOf(when: string, now = new Date()): Date | string {
  const days = /^\+(\d{1,4})d$/.exec(when)
  if (days) return new Date(now.getTime() + Number(days[1]) * 86_400_000)
  if (when === 'fine-mese') {
    const [year, month] = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
    })
      .format(now)
      .split('-')
      .map(Number) as [number, number]
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
    return new Date(new TZDate(year, month - 1, last, 9, 0, 0, 'Europe/Rome').getTime())
  }
  const moment = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(when)
  if (moment) {
    const [year, month, day, hour, minute] = moment.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ]
    const date = new Date(new TZDate(year, month - 1, day, hour, minute, 0, 'Europe/Rome').getTime())
    if (!Number.isNaN(date.getTime()) && date.getUTCDate() >= 1) return date
  }
  return `Data non valida: «${when}». Scrivi +90d, fine-mese oppure aaaa-mm-ggThh:mm (ora italiana).`
}
