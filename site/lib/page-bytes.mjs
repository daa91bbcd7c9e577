/**
 * The UTF-8 bytes of a rendered page, as `Buffer.from(text, 'utf8')` gives
 * them, faster on pages that are mostly ASCII: the ASCII stretches are copied
 * as latin1 (a plain copy) and only the runs of other characters go through
 * the UTF-8 encoder, which V8 runs at a few hundred MB/s on the two-byte
 * strings a single typographic apostrophe makes of a whole page.
 */
const NON_ASCII = /[\u0080-\uffff]+/g

/** @param {string} text @returns {Buffer} */
export function pageBytes(text) {
  NON_ASCII.lastIndex = 0
  const runs = []
  let extra = 0
  for (let match = NON_ASCII.exec(text); match !== null; match = NON_ASCII.exec(text)) {
    const bytes = Buffer.byteLength(match[0], 'utf8')
    runs.push(match.index, match[0])
    extra += bytes - match[0].length
  }
  if (runs.length === 0) return Buffer.from(text, 'latin1')
  const out = Buffer.allocUnsafe(text.length + extra)
  let from = 0
  let at = 0
  for (let i = 0; i < runs.length; i += 2) {
    const start = /** @type {number} */ (runs[i])
    const run = /** @type {string} */ (runs[i + 1])
    at += out.latin1Write(text.slice(from, start), at)
    at += out.utf8Write(run, at)
    from = start + run.length
  }
  out.latin1Write(text.slice(from), at)
  return out
}
