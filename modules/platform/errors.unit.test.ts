import { describe, expect, it } from 'vitest'
import { AppError, isAppError, isDatabaseUnavailable } from './errors.ts'

describe('isAppError', () => {
  it('recognises an AppError with its code, status and field', () => {
    const error = new AppError('bad_request', 'Campo non valido', { field: 'email' })
    expect(isAppError(error)).toBe(true)
    expect([error.code, error.status, error.field]).toEqual(['bad_request', 400, 'email'])
  })

  it('refuses other errors and values', () => {
    expect(isAppError(new Error('x'))).toBe(false)
    expect(isAppError({ code: 'bad_request', message: 'x' })).toBe(false)
    expect(isAppError(null)).toBe(false)
  })
})

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, lost or timed-out connection, also wrapped by Drizzle or Payload', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    })
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: shutdown }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true)
  })

  it('leaves other failures to the 500 path', () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })
    expect(isDatabaseUnavailable(syntax)).toBe(false)
    expect(isDatabaseUnavailable(new AppError('not_found', 'x'))).toBe(false)
    const loop: { cause?: unknown } = {}
    loop.cause = loop
    expect(isDatabaseUnavailable(loop)).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
