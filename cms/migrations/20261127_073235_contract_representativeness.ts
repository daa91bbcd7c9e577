import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The representativeness facts of the CNEL archive on each contract, and the fields an editor corrected by hand. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contracts" ADD COLUMN "representativeness_represented_at_cnel" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_employer_side_at_cnel" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_union_side_at_cnel" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_cgil_cisl_uil" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_confindustria" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_confcommercio" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_ugl" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_confsal" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "representativeness_confederations_cisal" boolean DEFAULT false;
  ALTER TABLE "contracts" ADD COLUMN "hand_edited" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contracts" DROP COLUMN "representativeness_represented_at_cnel";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_employer_side_at_cnel";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_union_side_at_cnel";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_cgil_cisl_uil";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_confindustria";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_confcommercio";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_ugl";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_confsal";
  ALTER TABLE "contracts" DROP COLUMN "representativeness_confederations_cisal";
  ALTER TABLE "contracts" DROP COLUMN "hand_edited";`)
}
