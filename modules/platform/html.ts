/**
 * Escaped HTML built in code (mail templates, the mailbox page, page
 * fragments rendered once and reused): the `html` tag escapes every
 * interpolated value unless it is itself `SafeHtml` built by this tag, so data
 * from users (names, addresses, titles) can never inject markup.
 */

/** A piece of HTML known to be safe: built by `html` or `rawHtml`. */
export class SafeHtml {
  readonly value: string

  constructor(value: string) {
    this.value = value
  }

  toString(): string {
    return this.value
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => entities[character] ?? character)
}

type Interpolation = SafeHtml | string | number | null | undefined | false | readonly Interpolation[]

function interpolate(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map((item: Interpolation) => interpolate(item)).join('')
  return escapeHtml(String(value))
}

/** Tagged template: the literal parts are markup, every `${value}` is escaped (SafeHtml and arrays of it pass through). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    out += interpolate(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(out)
}

/** Markup written by this module (never data) taken as it is. */
export function rawHtml(markup: string): SafeHtml {
  return new SafeHtml(markup)
}
