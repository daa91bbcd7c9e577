/**
 * The trial-expiry reminders: a mail two days before the trial ends and one
 * on the day it ends (Rome calendar days), through the outbox with a dedupe
 * key per account and day, so a reminder is never sent twice. Accounts that
 * have subscribed in the meantime get nothing.
 */
import { formatDate, it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { getLogger } from '../platform/index.ts'
import { authTables } from './auth.ts'
import type { SignedInUser } from './session.ts'
import { getAccounts } from './runtime.ts'
import { calendarDaysBetween, romeDay } from './trial.ts'
import { USER_COLUMNS, userFromRow, type UserRow } from './users.ts'

/** Days before the trial's end on which a reminder goes out. */
export const TRIAL_REMINDER_DAYS = [2, 0] as const

const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' })
const DAY_MS = 24 * 60 * 60 * 1000

/** The reminder's dedupe key: one per account and Rome calendar day. */
export function trialReminderKey(userId: string, now: Date): string {
  return `trial-reminder:${userId}:${romeDay(now)}`
}

/**
 * Enqueues the reminders due at `now`; returns how many new mails were written.
 * `stillInTrial` tells whether the account is still only on its trial (the
 * access module's entitlements: a subscription or a Studio link ends the reminders).
 */
export async function sendTrialReminders(options: {
  now?: Date
  stillInTrial: (user: SignedInUser, now: Date) => Promise<boolean>
}): Promise<{ enqueued: number }> {
  const now = options.now ?? new Date()
  const { pool } = await getAccounts()
  // Trials that end between now and the end of the day after tomorrow (Rome); the exact day is checked below.
  const due = await pool.query<UserRow>(
    `select ${USER_COLUMNS} from ${authTables.user}
      where account_type = 'trial' and trial_ends_at > $1 and trial_ends_at < $2`,
    [now, new Date(now.getTime() + 3 * DAY_MS + 2 * 60 * 60 * 1000)],
  )
  const t = it.accounts.trialReminder
  let enqueued = 0
  for (const row of due.rows) {
    const user = userFromRow(row)
    const end = row.trial_ends_at as Date
    const days = calendarDaysBetween(now, end)
    if (days !== 2 && days !== 0) continue
    // Subscribed in the meantime (or linked to a Studio): no reminder.
    if (!(await options.stillInTrial(user, now))) continue
    const today = days === 0
    const result = await enqueueMail(pool, {
      to: user.email,
      template: 'notice',
      data: {
        subject: today ? t.subjectToday : t.subjectSoon,
        title: today ? t.titleToday : t.titleSoon,
        name: user.name || undefined,
        paragraphs: [today ? t.today(formatDate(end), time.format(end)) : t.soon(formatDate(end)), t.offer],
        button: { label: t.button, url: '/acquista' },
        closing: [t.closing],
      },
      dedupeKey: trialReminderKey(user.id, now),
    })
    if (result.created) enqueued += 1
  }
  if (enqueued > 0) getLogger().info({ enqueued }, 'Promemoria di fine prova accodati')
  return { enqueued }
}
