import { getPayload, type Payload } from 'payload'
import config from '../../payload.config.ts'

/** The process-wide Payload instance (cached by Payload on the global object). */
export function getCms(): Promise<Payload> {
  return getPayload({ config })
}
