import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { studioSchemaV1 } from '../../modules/studio/index.ts'

/** The Studio links: owner, slot (1 or 2), invited address, linked account, code (modules/studio/schema.ts). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(studioSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(studioSchemaV1.down))
}
