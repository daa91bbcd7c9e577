/** CSV text as rows of cells (RFC 4180, with a choice of separator). */

/**
 * Splits CSV text into rows of cells, remembering the line each row starts on:
 * cells separated by `separator` (a comma, or the semicolon of Italian
 * spreadsheets and ISTAT files), double quotes, quoted cells may span lines.
 */
export function* csvRows(text: string, separator = ','): Generator<{ line: number; cells: string[] }> {
  let line = 1
  let rowLine = 1
  let cells: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') {
        quoted = false
      } else {
        if (char === '\n') line += 1
        cell += char
      }
      continue
    }
    if (char === '"' && cell === '') quoted = true
    else if (char === separator) {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1
      cells.push(cell)
      yield { line: rowLine, cells }
      line += 1
      rowLine = line
      cells = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    yield { line: rowLine, cells }
  }
}
