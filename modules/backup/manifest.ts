import { z } from 'zod'

/** The version of the snapshot layout this portal writes and reads. */
export const SNAPSHOT_FORMAT = 1

/** The file of a snapshot that describes it; written last, so a snapshot without it is incomplete. */
export const MANIFEST_FILE = 'manifest.json'

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)
/** A path inside the snapshot: relative, no `..`, no absolute path. */
const snapshotPath = z
  .string()
  .min(1)
  .refine((value) => !value.startsWith('/') && !value.split('/').includes('..') && !value.includes('\\'))

const tableSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  /** The columns written by COPY, in order (generated columns are computed again on load). */
  columns: z.array(z.string().min(1)),
  rows: z.number().int().nonnegative(),
  /** COPY's text format, gzip-compressed. */
  file: snapshotPath,
  sha256,
  /** The table's definition, used only when the migrations do not create it (tables made at run time). */
  ddl: z.string(),
  /** Its foreign keys, added after every table exists (same use as `ddl`). */
  foreignKeys: z.array(z.string()),
})

const sequenceSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  /** A bigint, as text. */
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
})

export const manifestSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  portalVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    /** `logical`: the portal's own dump (migrations, then COPY per table); `pg_dump`: a custom-format archive. */
    method: z.enum(['logical', 'pg_dump']),
    /** The major version of the Postgres server that was dumped. */
    serverMajor: z.number().int().positive(),
    /** The Payload migrations applied, in order. */
    migrations: z.array(z.string().min(1)),
    tables: z.array(tableSchema),
    sequences: z.array(sequenceSchema),
    /** The pg_dump archive (method `pg_dump`). */
    archive: z.object({ file: snapshotPath, sha256, bytes: z.number().int().nonnegative() }).optional(),
  }),
  /** Uploaded files: `<folder>/<name>`, the folder being the collection's (media, site-media). */
  media: z.array(z.object({ path: snapshotPath, bytes: z.number().int().nonnegative(), sha256 })),
  /** Embedded installations only: the signing secret, so sessions and signed links stay valid. */
  secrets: z.object({ payloadSecret: z.string().min(32) }).optional(),
})

export type Manifest = z.output<typeof manifestSchema>
export type TableEntry = z.output<typeof tableSchema>
export type SequenceEntry = z.output<typeof sequenceSchema>
