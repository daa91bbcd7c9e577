import { getPayload, type Payload } from 'payload'
import config from '../../payload.config.ts'

/**
 * The process-wide Payload instance (cached by Payload on the global object).
 * `cron: true` also starts the jobs queue's schedules (nightly import,
 * scheduled publications): only the long-running server asks for it.
 */
export function getCms(options: { cron?: boolean } = {}): Promise<Payload> {
  return getPayload({ config, cron: options.cron ?? false })
}
