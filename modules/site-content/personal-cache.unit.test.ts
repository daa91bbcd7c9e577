import { describe, expect, it } from 'vitest'
import {
  compileTemplate,
  createPersonalPageCache,
  fillLeniently,
  fillTemplate,
  placeholder,
  type PersonalValue,
} from './personal-cache.ts'

const html = (value: string): PersonalValue => ({ value, escape: 'html' })

describe('personal page templates', () => {
  const page = [
    `<title>Articolo</title><strong data-viewer-name>${placeholder('name')}</strong>`,
    `<span aria-label="Menu: ${placeholder('name')}">${placeholder('initials')}</span>`,
    `<astro-island props="{&quot;userId&quot;:[0,&quot;${placeholder('uid')}&quot;]}"></astro-island>`,
    `<p>L’articolo — con caratteri non ASCII</p>`,
  ].join('')

  it('puts each visitor’s strings where the placeholders were, escaped for HTML', () => {
    const template = compileTemplate(page)
    expect(template?.slots).toEqual(['name', 'name', 'initials', 'uid'])
    const filled = fillTemplate(template!, {
      name: html(`Anna D'Amico <b>& co</b>`),
      initials: html('AD'),
      uid: { value: 'u"1\\x', escape: 'prop' },
    }).toString('utf8')
    expect(filled).toBe(
      [
        `<title>Articolo</title><strong data-viewer-name>Anna D&#39;Amico &lt;b&gt;&amp; co&lt;/b&gt;</strong>`,
        `<span aria-label="Menu: Anna D&#39;Amico &lt;b&gt;&amp; co&lt;/b&gt;">AD</span>`,
        `<astro-island props="{&quot;userId&quot;:[0,&quot;u\\&quot;1\\\\x&quot;]}"></astro-island>`,
        `<p>L’articolo — con caratteri non ASCII</p>`,
      ].join(''),
    )
  })

  it('writes an island prop so that the browser reads back the same string', () => {
    const template = compileTemplate(`<x props="{&quot;id&quot;:[0,&quot;${placeholder('uid')}&quot;]}">`)!
    const filled = fillTemplate(template, { uid: { value: `a"b\\c<d>'`, escape: 'prop' } }).toString()
    const attribute = /props="([^"]*)"/.exec(filled)?.[1] ?? ''
    const decoded = attribute
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
    expect(JSON.parse(decoded)).toEqual({ id: [0, `a"b\\c<d>'`] })
  })

  it('puts markup the page drew for the visitor as it is', () => {
    const template = compileTemplate(`<div>${placeholder('own')}</div>`)!
    const filled = fillTemplate(template, {
      own: { value: '<section>Anna & co</section>', escape: 'markup' },
    })
    expect(filled.toString()).toBe('<div><section>Anna & co</section></div>')
  })

  it('leaves a slot without a value empty', () => {
    const template = compileTemplate(`<img src="${placeholder('image')}">`)!
    expect(fillTemplate(template, {}).toString()).toBe('<img src="">')
  })

  it('refuses a page whose placeholder was cut, and fills such a page for its own visitor only', () => {
    const cut = `<b>${placeholder('name')}</b><i>${placeholder('email').slice(0, 4)}</i>`
    expect(compileTemplate(cut)).toBeUndefined()
    expect(fillLeniently(cut, { name: html('Anna & Co') })).toBe('<b>Anna &amp; Co</b><i></i>')
  })

  it('keeps the status and headers of the rendered answer', () => {
    const template = compileTemplate('<p>ok</p>', 404, [['content-type', 'text/html']])
    expect(template).toMatchObject({ status: 404, headers: [['content-type', 'text/html']] })
  })
})

describe('personal page cache', () => {
  it('serves a template until the page cache generation changes', () => {
    let generation = 0
    const cache = createPersonalPageCache(() => generation)
    const template = compileTemplate('<p>x</p>')!
    cache.store('/a', template, cache.generation())
    expect(cache.get('/a')).toBe(template)
    generation += 1
    expect(cache.get('/a')).toBeUndefined()
  })

  it('does not store a page rendered before a publish', () => {
    let generation = 0
    const cache = createPersonalPageCache(() => generation)
    const renderedIn = cache.generation()
    generation += 1
    cache.store('/a', compileTemplate('<p>x</p>')!, renderedIn)
    expect(cache.get('/a')).toBeUndefined()
  })

  it('forgets a template after its own lifetime when shorter', () => {
    const cache = createPersonalPageCache(() => 0)
    cache.store('/a', compileTemplate('<p>x</p>')!, 0, 30_000)
    expect(cache.get('/a', Date.now() + 20_000)).toBeDefined()
    expect(cache.get('/a', Date.now() + 31_000)).toBeUndefined()
  })

  it('forgets a template after the page cache lifetime', () => {
    const cache = createPersonalPageCache(() => 0)
    cache.store('/a', compileTemplate('<p>x</p>')!, 0)
    expect(cache.get('/a', Date.now() + 11 * 60 * 1000)).toBeUndefined()
  })
})
