/**
 * Zod for the islands. Its compiled fast path probes `new Function`, which the
 * site's Content-Security-Policy refuses (and reports): in the browser every
 * schema validates by interpretation. Islands import `z` from here, never
 * from 'zod' directly, so the setting is made before any schema parses.
 */
import { z } from 'zod'

z.config({ jitless: true })

export { z }
