/** Icons as markup, for the server's pages (the browser's islands draw them with React). */
import { createCache, html, rawHtml } from '#modules/platform'
import { iconPaths, type IconName } from './icons.ts'

/** Labels come from the interface's texts: a bounded set, but never let it grow without end. */
const built = createCache<string>({ name: 'icons', max: 2000 })

/**
 * An icon's `<svg>`: decorative (aria-hidden) unless `label` says what it
 * means. Each combination is built once (a page shows dozens of icons).
 */
export function iconSvg(name: IconName, size = 24, className?: string, label?: string): string {
  return built.memo(`${name}|${size}|${className ?? ''}|${label ?? ''}`, () => {
    const classes = className ? `icon ${className}` : 'icon'
    const meaning = label ? html`role="img" aria-label="${label}"` : html`aria-hidden="true"`
    return html`<svg class="${classes}" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" ${meaning}>${rawHtml(iconPaths[name])}</svg>`
      .value
  })
}
