import {
  convertLexicalToHTML,
  defaultHTMLConverters,
  LinkHTMLConverter,
} from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState, SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical'
import type { CollectionBeforeChangeHook } from 'payload'
import { newsPath, sanitizeHtml } from '../../../../modules/content/index.ts'
import { isImport } from '../../../hooks/context.ts'

type LinkNode = SerializedLexicalNode & {
  children?: SerializedLexicalNode[]
  fields?: { linkType?: string; doc?: { relationTo?: string; value?: unknown } }
}

function internalNewsIds(
  nodes: readonly SerializedLexicalNode[] | undefined,
  out: Set<number | string>,
): Set<number | string> {
  for (const node of nodes ?? []) {
    const link = node as LinkNode
    const value = link.fields?.doc?.value
    if (
      link.type === 'link' &&
      link.fields?.linkType === 'internal' &&
      link.fields.doc?.relationTo === 'news'
    ) {
      if (typeof value === 'number' || typeof value === 'string') out.add(value)
      else if (value && typeof value === 'object' && 'id' in value) out.add((value as { id: number }).id)
    }
    internalNewsIds(link.children, out)
  }
  return out
}

/**
 * When an editor writes the body in the rich-text editor, the stored `html`
 * (what the site renders) is regenerated from it; imported items keep the
 * HTML they came with.
 */
export const renderBody: CollectionBeforeChangeHook = async ({ data, req, context }) => {
  const body = data.body as SerializedEditorState | null | undefined
  if (isImport(context) || !body?.root) {
    if (typeof data.html === 'string') data.html = sanitizeHtml(data.html)
    return data
  }
  const ids = [...internalNewsIds(body.root.children, new Set())]
  const paths = new Map<string, string>()
  if (ids.length > 0) {
    const linked = await req.payload.find({
      collection: 'news',
      where: { id: { in: ids } },
      limit: ids.length,
      depth: 0,
      req,
      overrideAccess: true,
    })
    for (const doc of linked.docs)
      paths.set(String(doc.id), newsPath({ date: doc.date, slug: doc.slug ?? '' }))
  }
  const html = convertLexicalToHTML({
    data: body,
    disableContainer: true,
    converters: {
      ...defaultHTMLConverters,
      ...LinkHTMLConverter({
        internalDocToHref: ({ linkNode }) => {
          const value = linkNode.fields.doc?.value
          const id = value && typeof value === 'object' ? (value as { id: number }).id : value
          return paths.get(String(id)) ?? '#'
        },
      }),
    },
  })
  if (html.trim() !== '') data.html = sanitizeHtml(html)
  else if (typeof data.html === 'string') data.html = sanitizeHtml(data.html)
  return data
}
