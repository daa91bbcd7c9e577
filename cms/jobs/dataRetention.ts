import type { TaskConfig } from 'payload'
import { applyRetention, privacyPool } from '../../modules/privacy/index.ts'
import { romeSchedule } from './schedule.ts'

/**
 * The nightly retention run at 04:15 Rome time (docs/privacy.md): ended
 * sessions, expired tokens and limiter rows, unconfirmed trial accounts after
 * 30 days, sent mails after 90 days, expired export archives.
 */
export const dataRetention: TaskConfig<'dataRetention'> = {
  slug: 'dataRetention',
  label: 'Conservazione dei dati: pulizia notturna',
  retries: 2,
  outputSchema: [{ name: 'removed', type: 'json', required: true }],
  schedule: [romeSchedule('15 4 * * *', 'nightly')],
  handler: async () => ({ output: { removed: await applyRetention({ pool: await privacyPool() }) } }),
}
