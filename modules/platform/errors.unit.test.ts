import { describe, expect, it } from 'vitest'
import { AppError, errorHeaders, isAppError, isDatabaseUnavailable, tooManyRequests } from './errors.ts'

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

describe('429', () => {
  it('always carries a whole number of seconds to wait, answered as Retry-After', () => {
    const refused = tooManyRequests('Troppe richieste', 12.2)
    expect([refused.code, refused.status, refused.retryAfterSeconds]).toEqual(['too_many_requests', 429, 13])
    expect(errorHeaders(refused)).toEqual({ 'retry-after': '13' })
    expect(tooManyRequests('Subito', 0).retryAfterSeconds).toBe(1)
    expect(errorHeaders(new AppError('bad_request', 'Campo non valido'))).toEqual({})
  })

  it('keeps its wait when its field is renamed', () => {
    const renamed = tooManyRequests('Troppe richieste', 30).withField('fine')
    expect([renamed.code, renamed.field, renamed.retryAfterSeconds]).toEqual([
      'too_many_requests',
      'fine',
      30,
    ])
    const bad = new AppError('bad_request', 'Data non valida', { field: 'end' }).withField('fine')
    expect([bad.code, bad.field, bad.retryAfterSeconds]).toEqual(['bad_request', 'fine', undefined])
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
