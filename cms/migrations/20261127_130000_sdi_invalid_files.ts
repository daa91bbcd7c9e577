import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { sdiTransmissionsSchemaV2 } from '../../modules/billing/index.ts'

/** Electronic invoices whose data fail the format's rules: state `invalid`, flagged to operators (modules/billing/einvoice/sql.ts, version 2). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(sdiTransmissionsSchemaV2.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(sdiTransmissionsSchemaV2.down))
}
