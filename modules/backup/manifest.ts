import { z } from 'zod'

/** The version of the snapshot layout this portal writes and reads (2: signed, no SQL, short-lived secrets left out). */
export const SNAPSHOT_FORMAT = 2

/** The file of a snapshot that describes it; written last, so a snapshot without it is incomplete. */
export const MANIFEST_FILE = 'manifest.json'

/** The manifest's signature (`hmac-sha256:<hex>` over its exact bytes), written just before it. */
export const SIGNATURE_FILE = 'manifest.sig'

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)
/** A path inside the snapshot, relative; the restore checks it stays inside the snapshot's folder. */
const snapshotPath = z
  .string()
  .min(1)
  .max(1000)
  .refine((value) => !value.includes('\0'), 'contiene un carattere nullo')
/** A name of the database's catalog (schema, table, column, sequence). */
const identifier = z.string().min(1).max(63)

const tableSchema = z.object({
  schema: identifier,
  name: identifier,
  /** The columns written by COPY, in order (generated columns are computed again on load; secret ones left out). */
  columns: z.array(identifier),
  rows: z.number().int().nonnegative(),
  /** COPY's text format, gzip-compressed (then encrypted when the snapshot is). */
  file: snapshotPath,
  /** Of the file as stored. */
  sha256,
})

const sequenceSchema = z.object({
  schema: identifier,
  name: identifier,
  /** A bigint, as text. */
  lastValue: z.string().regex(/^-?\d{1,19}$/),
  isCalled: z.boolean(),
})

export const manifestSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  portalVersion: z.string().max(100),
  createdAt: z.iso.datetime(),
  /** `aes-256-gcm`: every table and media file is encrypted with the key derived from BACKUP_KEY. */
  encryption: z.enum(['none', 'aes-256-gcm']),
  database: z.object({
    /** The major version of the Postgres server that was dumped. */
    serverMajor: z.number().int().positive(),
    /** The Payload migrations applied, in order: the schema a restore rebuilds with the portal's own. */
    migrations: z.array(z.string().min(1).max(200)),
    tables: z.array(tableSchema),
    sequences: z.array(sequenceSchema),
  }),
  /** Uploaded files: `<folder>/<name>`, the folder being the collection's (media, site-media). */
  media: z.array(z.object({ path: snapshotPath, bytes: z.number().int().nonnegative(), sha256 })),
  /** Embedded installations only: the signing secret, sealed with the snapshot key, so signed links stay valid. */
  secrets: z.object({ payloadSecret: z.string().min(1).max(1000) }).optional(),
})

export type Manifest = z.output<typeof manifestSchema>
export type TableEntry = z.output<typeof tableSchema>
export type SequenceEntry = z.output<typeof sequenceSchema>
