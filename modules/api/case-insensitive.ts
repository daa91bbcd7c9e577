/**
 * The API matches its fixed path segments case-insensitively (the specification
 * spells both `byCategoria` and `bycategoria`); parameters keep their case.
 */

/** Lower-cased spelling -> canonical spelling of every fixed segment of the given route paths. */
export function staticSegments(paths: string[]): Map<string, string> {
  const map = new Map<string, string>()
  for (const path of paths) {
    for (const segment of path.split('/')) {
      if (segment === '' || segment.startsWith(':') || segment.includes('*')) continue
      map.set(segment.toLowerCase(), segment)
    }
  }
  return map
}

/** Rewrites each segment that matches a fixed segment regardless of case to its canonical spelling. */
export function canonicalPath(pathname: string, segments: Map<string, string>): string {
  return pathname
    .split('/')
    .map((segment) => segments.get(segment.toLowerCase()) ?? segment)
    .join('/')
}
