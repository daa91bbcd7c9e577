import { pino, type Logger } from 'pino'
import { getEnv } from './env.ts'

/** Paths whose values never reach the logs: e-mails, tax codes, card data, secrets. */
export const redactedPaths = [
  'email',
  '*.email',
  'password',
  '*.password',
  'fiscalCode',
  '*.fiscalCode',
  'fiscalcode',
  '*.fiscalcode',
  'card',
  '*.card',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
]

let root: Logger | undefined

/** The process-wide structured logger (JSON lines; pretty on a terminal). */
export function getLogger(): Logger {
  if (root) return root
  const env = getEnv()
  const pretty = env.LOG_PRETTY || (process.stdout.isTTY && env.NODE_ENV !== 'test')
  root = pino({
    level: env.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: '[nascosto]' },
    base: undefined,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  })
  return root
}
