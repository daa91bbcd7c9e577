import { describe, expect, it } from 'vitest'
import { AppError, isAppError } from './errors.ts'

describe('isAppError', () => {
  it('recognises an AppError, also one made by another copy of the module', () => {
    expect(isAppError(new AppError('too_many_requests', 'Troppe richieste'))).toBe(true)
    // What another copy's AppError looks like from here: an Error carrying the shared mark.
    const foreign = Object.defineProperty(new Error('Troppe richieste'), Symbol.for('bancadati.AppError'), {
      value: true,
    })
    expect(foreign instanceof AppError).toBe(false)
    expect(isAppError(foreign)).toBe(true)
  })

  it('refuses other errors and values', () => {
    expect(isAppError(new Error('x'))).toBe(false)
    expect(isAppError({ code: 'bad_request', message: 'x' })).toBe(false)
    expect(isAppError(null)).toBe(false)
  })
})
