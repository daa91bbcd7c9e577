/**
 * Builds the integration tests' template database: the portal's migrations
 * applied once (`DATABASE_URL` names it), so each test file starts from a
 * copy of it (tests/int-file-database.ts) instead of migrating its own.
 * Run by tests/int-global-setup.ts as a child process.
 */
import { pino } from 'pino'
import { bootstrapCms } from '../cms/start.ts'

const { close } = await bootstrapCms({ logger: pino({ level: 'warn' }), runJobs: false })
await close()
// Payload's timers may outlive the connections: the template is ready, nothing else to wait for.
process.exit(0)
