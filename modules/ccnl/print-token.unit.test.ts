import { describe, expect, it } from 'vitest'
import { createPrintPass, createPrintToken, verifyPrintPass, verifyPrintToken } from './print-token.ts'

describe('print tokens and passes', () => {
  it('a token names its reader and document, for ten minutes', () => {
    const now = Date.UTC(2026, 10, 26, 9)
    const token = createPrintToken('u1', 'tabelleretributive', '19_01-11-2026', now)
    expect(verifyPrintToken(token, 'tabelleretributive', '19_01-11-2026', now)).toBe('u1')
    expect(verifyPrintToken(token, 'tabelleretributive', '20_01-11-2026', now)).toBeNull()
    expect(verifyPrintToken(token, 'tabelleretributive', '19_01-11-2026', now + 11 * 60_000)).toBeNull()
  })

  it('a pass lets only the session that opened the document open it again', () => {
    const pass = createPrintPass('session-a.sig', 'tabelleretributive', '19_01-11-2026')
    expect(verifyPrintPass(pass, 'session-a.sig', 'TabelleRetributive', '19_01-11-2026')).toBe(true)
    expect(verifyPrintPass(pass, 'session-b.sig', 'tabelleretributive', '19_01-11-2026')).toBe(false)
    expect(verifyPrintPass(pass, 'session-a.sig', 'tabelleretributive', '19_01-12-2026')).toBe(false)
    expect(verifyPrintPass('', 'session-a.sig', 'tabelleretributive', '19_01-11-2026')).toBe(false)
  })
})
