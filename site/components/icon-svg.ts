/** Icons as markup, for the server's pages (the browser's islands draw them with React). */
import { html, rawHtml } from '../../modules/platform/index.ts'
import { iconPaths, type IconName } from './icons.ts'

const built = new Map<string, string>()

/**
 * An icon's `<svg>`: decorative (aria-hidden) unless `label` says what it
 * means. Each combination is built once (a page shows dozens of icons).
 */
export function iconSvg(name: IconName, size = 24, className?: string, label?: string): string {
  const key = `${name}|${size}|${className ?? ''}|${label ?? ''}`
  let svg = built.get(key)
  if (svg === undefined) {
    const classes = className ? `icon ${className}` : 'icon'
    const meaning = label ? html`role="img" aria-label="${label}"` : html`aria-hidden="true"`
    svg =
      html`<svg class="${classes}" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" ${meaning}>${rawHtml(iconPaths[name])}</svg>`
        .value
    // Labels come from the interface's texts: a bounded set, but never let it grow without end.
    if (built.size >= 2000) built.clear()
    built.set(key, svg)
  }
  return svg
}
