import { describe, expect, it } from 'vitest'
import { firstParagraphText, previewText } from './index.ts'

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

describe('the first paragraph', () => {
  it('is the first block with text', () => {
    expect(firstParagraphText('<p> </p><p>Primo <strong>paragrafo</strong>.</p><p>Secondo.</p>')).toBe(
      'Primo paragrafo.',
    )
    expect(firstParagraphText('<table><tr><td>A</td><td>B</td></tr></table><p>Dopo</p>')).toBe('A B')
    expect(firstParagraphText('')).toBe('')
  })
})

describe('the free part of a news body', () => {
  it('is the whole first paragraph when it is short enough', () => {
    expect(
      previewText('<p>Primo paragrafo breve.</p><p>Secondo paragrafo molto più lungo del primo.</p>'),
    ).toBe('Primo paragrafo breve.')
  })

  it('stops at 40 % of the article’s words, even inside the first paragraph', () => {
    const first = 'uno due tre quattro cinque sei sette otto nove dieci'
    expect(previewText(`<p>${first}</p>`)).toBe('uno due tre quattro…')
    const text = previewText(`<p>${first}, ${first}.</p><p>undici dodici.</p>`)
    expect(words(text)).toBe(8)
    expect(text.endsWith('…')).toBe(true)
    expect(previewText('<p>Breve.</p>')).toBe('')
    expect(previewText(null)).toBe('')
  })
})
