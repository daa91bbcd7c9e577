/**
 * A tiny structured document (sections of paragraphs, lists and tables) rendered both to
 * sanitisable HTML with anchored headings and to the lines and tables of a PDF.
 */
import { esc, slugify } from './html.ts'
import type { TreeNode } from './types.ts'
import type { PdfLine } from '../pdf.ts'

export type Block = string | { list: string[] } | { head: string[]; rows: string[][]; caption?: string }

export type Section = { title: string; blocks: Block[]; children?: Section[] }

export type StructuredDoc = { title: string; intro?: string; sections: Section[] }

function renderBlock(block: Block): string {
  if (typeof block === 'string') return `<p>${esc(block)}</p>`
  if ('list' in block) return `<ul>${block.list.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`
  const caption = block.caption ? `<caption>${esc(block.caption)}</caption>` : ''
  return (
    `<table>${caption}<thead><tr>${block.head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${block.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`
  )
}

/** HTML with `<h2 id>`/`<h3 id>` headings and the index tree pointing at them. */
export function renderDocument(doc: StructuredDoc): { html: string; nav: TreeNode[] } {
  const used = new Set<string>()
  const anchor = (title: string) => {
    const base = `sez-${slugify(title, 50)}`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
  const parts: string[] = [`<h1 id="titolo">${esc(doc.title)}</h1>`]
  if (doc.intro) parts.push(`<p class="introduzione">${esc(doc.intro)}</p>`)
  const nav: TreeNode[] = []
  for (const section of doc.sections) {
    const id = anchor(section.title)
    parts.push(`<h2 id="${id}">${esc(section.title)}</h2>`, ...section.blocks.map(renderBlock))
    const node: TreeNode = { text: section.title, value: id, children: [] }
    for (const child of section.children ?? []) {
      const childId = anchor(`${section.title} ${child.title}`)
      parts.push(`<h3 id="${childId}">${esc(child.title)}</h3>`, ...child.blocks.map(renderBlock))
      node.children.push({ text: child.title, value: childId, children: [] })
    }
    nav.push(node)
  }
  return { html: parts.join('\n'), nav }
}

/** The document as lines for the PDF writer. */
export function documentLines(doc: StructuredDoc): PdfLine[] {
  const lines: PdfLine[] = [{ text: doc.title, style: 'title' }]
  if (doc.intro) lines.push({ text: doc.intro, style: 'body' })
  const blockLines = (block: Block) => {
    if (typeof block === 'string') {
      lines.push({ text: block, style: 'body' })
      return
    }
    if ('list' in block) {
      for (const item of block.list) lines.push({ text: `• ${item}`, style: 'body' })
      return
    }
    lines.push({ table: { head: block.head, rows: block.rows } })
  }
  for (const section of doc.sections) {
    lines.push({ text: section.title, style: 'heading' })
    section.blocks.forEach(blockLines)
    for (const child of section.children ?? []) {
      lines.push({ text: child.title, style: 'subheading' })
      child.blocks.forEach(blockLines)
    }
  }
  return lines
}
