import pg from 'pg'
const c = new pg.Client({ host: '127.0.0.1', port: Number(process.env.PGP ?? 14600), user: 'postgres', password: process.env.PGPASS, database: process.env.PGDB ?? 'bancadati' })
await c.connect()
const r = await c.query(process.argv[2])
console.log(JSON.stringify(r.rows, null, 0))
await c.end()
