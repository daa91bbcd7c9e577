/** Builds the rich-text (Lexical) documents of the demo legal pages from plain blocks. */

export type RichBlock = string | { heading: string } | { list: string[] }

const base = { format: '', indent: 0, version: 1, direction: 'ltr' as const }
const text = (value: string) => ({
  type: 'text',
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
  version: 1,
})

function node(block: RichBlock) {
  if (typeof block === 'string')
    return { ...base, type: 'paragraph', textFormat: 0, textStyle: '', children: [text(block)] }
  if ('heading' in block) return { ...base, type: 'heading', tag: 'h4', children: [text(block.heading)] }
  return {
    ...base,
    type: 'list',
    listType: 'bullet',
    tag: 'ul',
    start: 1,
    children: block.list.map((item, index) => ({
      ...base,
      type: 'listitem',
      value: index + 1,
      children: [text(item)],
    })),
  }
}

/** A Lexical editor state with the given paragraphs, headings and bullet lists. */
export function richText(blocks: RichBlock[]) {
  return { root: { ...base, type: 'root', children: blocks.map(node) } }
}
