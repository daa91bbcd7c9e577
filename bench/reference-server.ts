/**
 * The benchmark's reference server: a bare Node `http` server in a process
 * of its own (as the portal is), so the two compete alike for the CPU,
 * answering each path listed in `<pages.json>` with fixed bytes (the portal's
 * cached pages, the same body and content type): the ceiling of the machine.
 * The search engines are compared in-process by the search suite
 * (bench/news-engines.ts).
 *
 * Usage: `node bench/reference-server.ts static <pages.json>`. Prints
 * `ready <port>` once listening on loopback (port 0: any free port).
 */
import http from 'node:http'
import { readFile } from 'node:fs/promises'

export type StaticPages = Record<string, { contentType: string; body: string }>

async function staticHandler(file: string): Promise<http.RequestListener> {
  const pages = JSON.parse(await readFile(file, 'utf8')) as StaticPages
  const bodies = new Map(
    Object.entries(pages).map(([pathname, page]) => [
      pathname,
      { contentType: page.contentType, body: Buffer.from(page.body, 'base64') },
    ]),
  )
  return (req, res) => {
    const page = bodies.get(req.url ?? '/')
    if (!page) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': page.contentType, 'content-length': page.body.length })
    res.end(page.body)
  }
}

const [mode, file] = process.argv.slice(2)
if (mode !== 'static' || !file) {
  console.error('Uso: node bench/reference-server.ts static <pagine.json>')
  process.exit(64)
}
const server = http.createServer(await staticHandler(file))
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
