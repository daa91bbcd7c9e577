/**
 * The tables the test services make when they start, not the migrations:
 * the Stripe emulator's objects, state and deliveries, the local SDI's
 * received files. A restore of an embedded installation creates them from
 * these definitions (the code's, never the snapshot's) before loading rows.
 */
import { localSdiSchema } from './sdi.ts'
import { emulatorSchema } from './stripe-emulator/index.ts'

export const runtimeTables: readonly string[] = [emulatorSchema, localSdiSchema]
