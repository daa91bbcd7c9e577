import { describe, expect, it } from 'vitest'
import { htmlToText, sanitizeHtml } from './index.ts'

describe('sanitizeHtml', () => {
  it('keeps the table structure pay tables need, spans included', () => {
    const html =
      '<table border="1" cellpadding="2"><thead><tr><th colspan="2" scope="col">Livello</th></tr></thead>' +
      '<tbody><tr><td rowspan="2" align="right" style="text-align: right; color: red">1.234,56</td><td>A</td></tr></tbody></table>'
    const clean = sanitizeHtml(html)
    expect(clean).toContain('<th colspan="2" scope="col">')
    expect(clean).toContain('rowspan="2"')
    expect(clean).toContain('align="right"')
    expect(clean).toContain('style="text-align:right"')
    expect(clean).not.toContain('color')
    expect(clean).toContain('<table border="1" cellpadding="2">')
  })

  it('keeps anchors the navigation trees point at', () => {
    expect(sanitizeHtml('<h3 id="art-12" class="articolo">Art. 12</h3><a href="#art-12">vai</a>')).toBe(
      '<h3 id="art-12" class="articolo">Art. 12</h3><a href="#art-12">vai</a>',
    )
  })

  it('removes scripts, event handlers, frames and javascript links', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Testo<script>alert(1)</script></p><iframe src="https://x.example"></iframe>' +
        '<a href="javascript:alert(1)">link</a><img src="x" onerror="alert(1)"><style>p{}</style>',
    )
    expect(clean).toBe('<p>Testo</p><a>link</a><img src="x" />')
  })

  it('adds rel to links opening a new tab and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://www.cnel.it" target="_blank">CNEL</a>')).toBe(
      '<a href="https://www.cnel.it" target="_blank" rel="noopener noreferrer">CNEL</a>',
    )
    expect(sanitizeHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>')
  })

  it('is stable when applied twice', () => {
    const once = sanitizeHtml('<table><tr><td colspan="3">a &amp; b</td></tr></table><p>è <b>ok</b></p>')
    expect(sanitizeHtml(once)).toBe(once)
  })

  it('turns empty input into an empty string', () => {
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml(undefined)).toBe('')
  })
})

describe('htmlToText', () => {
  it('gives the visible text with words separated across blocks', () => {
    expect(
      htmlToText('<h3>Art. 1</h3><p>Prova&nbsp;di &amp; lavoro</p><script>x()</script><p>Fine</p>'),
    ).toBe('Art. 1 Prova di & lavoro Fine')
  })
})
