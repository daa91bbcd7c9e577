import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TextField } from './FormParts.tsx'

const render = (props: Parameters<typeof TextField>[0]) =>
  renderToStaticMarkup(createElement(TextField, props))

describe('TextField', () => {
  it('labels its input and says nothing more while there is no error', () => {
    const html = render({ id: 'accesso-email', label: 'Email', error: undefined, type: 'email' })
    expect(html).toContain('<label class="field__label" for="accesso-email">Email</label>')
    expect(html).toContain('id="accesso-email"')
    expect(html).not.toContain('aria-invalid')
    expect(html).not.toContain('aria-describedby')
    expect(html).not.toContain('field__error')
  })

  it('marks the input invalid and points it at the error line', () => {
    const html = render({ id: 'profilo-nome', label: 'Nome', error: 'Il nome è obbligatorio.' })
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('aria-describedby="profilo-nome-errore"')
    expect(html).toMatch(/<p class="field__error" id="profilo-nome-errore">.*Il nome è obbligatorio\.<\/p>/)
  })

  it('points the input at its hint, and at the error too when there is one', () => {
    const hint = { id: 'reimposta-password', label: 'Nuova password', hint: 'Da 8 a 20 caratteri.' }
    expect(render({ ...hint, error: undefined })).toContain('aria-describedby="reimposta-password-aiuto"')
    expect(render({ ...hint, error: 'Troppo corta.' })).toContain(
      'aria-describedby="reimposta-password-aiuto reimposta-password-errore"',
    )
  })

  it('adds its own class to the input’s', () => {
    expect(
      render({ id: 'c-number', label: 'Numero', error: undefined, className: 'card-entry__number' }),
    ).toContain('class="input card-entry__number"')
  })
})
