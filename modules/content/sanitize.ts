import sanitize from 'sanitize-html'

/**
 * The allow-list for every HTML body the portal stores: contract texts, pay
 * table notes, summaries, news. It keeps document structure, anchors (the
 * navigation trees point at element ids) and the table attributes pay tables
 * need (`colspan`, `rowspan`, alignment, widths); it drops scripts, styles
 * sheets, forms, frames, event handlers and `javascript:` links.
 */
const tableCell = ['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'scope', 'headers', 'nowrap']

export const htmlAllowList: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, 'img', 'del', 'ins', 'center', 'font'],
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'lang', 'dir', 'style'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'align', 'summary'],
    col: ['span', 'width', 'align'],
    colgroup: ['span', 'width', 'align'],
    tr: ['align', 'valign', 'height'],
    td: tableCell,
    th: tableCell,
    thead: ['align', 'valign'],
    tbody: ['align', 'valign'],
    tfoot: ['align', 'valign'],
    ol: ['start', 'type', 'reversed'],
    ul: ['type'],
    li: ['value'],
    p: ['align'],
    div: ['align'],
    h1: ['align'],
    h2: ['align'],
    h3: ['align'],
    h4: ['align'],
    h5: ['align'],
    h6: ['align'],
    font: ['color', 'size'],
    time: ['datetime'],
    data: ['value'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'vertical-align': [/^(top|middle|bottom|baseline)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      width: [/^\d+(\.\d+)?(px|%|em|rem|pt|cm|mm)?$/],
      'padding-left': [/^\d+(\.\d+)?(px|em|rem|pt)$/],
      'margin-left': [/^\d+(\.\d+)?(px|em|rem|pt)$/],
      'white-space': [/^(nowrap|normal|pre-wrap)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
      const { target: _target, ...rest } = attribs
      return { tagName, attribs: rest }
    },
  },
}

/** Cleans an HTML fragment with the portal's allow-list (tables keep their spans). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  return sanitize(html, htmlAllowList).trim()
}

/** The visible text of an HTML fragment, whitespace collapsed (for excerpts and search). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return ''
  const text = sanitize(html.replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  })
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => entities[name] ?? _match)
}
