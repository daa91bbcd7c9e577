import { convertLexicalToHTML, defaultHTMLConverters } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { CollectionBeforeChangeHook } from 'payload'
import { sanitizeHtml } from '../../../../modules/content/index.ts'

type Section = { body?: SerializedEditorState | null; html?: string | null; subsections?: Section[] | null }

function render(body: SerializedEditorState | null | undefined): string {
  if (!body?.root) return ''
  return sanitizeHtml(
    convertLexicalToHTML({ data: body, disableContainer: true, converters: defaultHTMLConverters }),
  )
}

function renderAll(sections: Section[] | null | undefined): void {
  for (const section of sections ?? []) {
    section.html = render(section.body)
    renderAll(section.subsections)
  }
}

/** Stores the HTML the site shows next to each rich-text body (intro, sections, sub-sections). */
export const renderSections: CollectionBeforeChangeHook = ({ data }) => {
  data.introHtml = render(data.intro as SerializedEditorState | null | undefined)
  renderAll(data.sections as Section[] | undefined)
  return data
}
