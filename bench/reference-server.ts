/**
 * The benchmark's reference servers, each a bare Node `http` server in a
 * process of its own (as the portal is), so the two compete alike for the CPU:
 *
 * - `static <pages.json>`: answers each listed path with fixed bytes (the
 *   portal's cached pages, the same body and content type);
 * - `minisearch <news.json>`: an in-memory MiniSearch index of the news
 *   corpus, answering `/ricerca/{text}` with the shape of the portal's news
 *   search (up to 100 news and 100 deadlines, newest first within relevance).
 *
 * Prints `ready <port>` once listening on loopback (port 0: any free port).
 */
import http from 'node:http'
import { readFile } from 'node:fs/promises'
import MiniSearch from 'minisearch'

export type StaticPages = Record<string, { contentType: string; body: string }>

export type CorpusItem = {
  guid: string
  slug: string
  title: string
  text: string
  date: string
  type: 'news' | 'deadline'
}

const RESULT_LIMIT = 100
const EXCERPT_LENGTH = 350

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

async function searchHandler(file: string): Promise<http.RequestListener> {
  const corpus = JSON.parse(await readFile(file, 'utf8')) as CorpusItem[]
  const index = new MiniSearch<CorpusItem>({
    idField: 'guid',
    fields: ['title', 'text'],
    storeFields: ['slug', 'title', 'date', 'type', 'text'],
    // Italian words folded like the portal's search: no accents, lower case.
    processTerm: (term) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
    searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND', boost: { title: 2 } },
  })
  index.addAll(corpus)
  return (req, res) => {
    const match = /^\/ricerca\/(.+)$/.exec(req.url ?? '')
    if (!match?.[1]) {
      res.writeHead(404).end()
      return
    }
    const results = index.search(decodeURIComponent(match[1]))
    const cards = (type: CorpusItem['type']) =>
      results
        .filter((hit) => hit.type === type)
        .slice(0, RESULT_LIMIT)
        .map((hit) => ({
          guid: hit.id as string,
          slug: hit.slug as string,
          titolo: hit.title as string,
          data: hit.date as string,
          estratto: (hit.text as string).slice(0, EXCERPT_LENGTH),
        }))
    const body = JSON.stringify({ notizie: cards('news'), scadenze: cards('deadline') })
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    })
    res.end(body)
  }
}

const [mode, file] = process.argv.slice(2)
if ((mode !== 'static' && mode !== 'minisearch') || !file) {
  console.error('Uso: node bench/reference-server.ts static|minisearch <file.json>')
  process.exit(64)
}
const handler = mode === 'static' ? await staticHandler(file) : await searchHandler(file)
const server = http.createServer(handler)
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
