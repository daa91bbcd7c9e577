/**
 * Each integration test file gets a database of its own, copied from the
 * migrated template (`CREATE DATABASE … TEMPLATE`), and a data folder of its
 * own: files run in parallel without seeing each other's rows, mails or keys.
 * The copies go with the cluster when the run ends (tests/int-global-setup.ts).
 * Runs before every integration test file (vitest `setupFiles`).
 */
import { mkdtempSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

const adminUrl = process.env.INT_ADMIN_DATABASE_URL
const template = process.env.INT_TEMPLATE_DATABASE
const runDir = process.env.INT_RUN_DIR

if (adminUrl && template && runDir) {
  const database = `int_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(
      `create database ${admin.escapeIdentifier(database)} template ${admin.escapeIdentifier(template)}`,
    )
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  process.env.DATABASE_URL = url.toString()
  process.env.DATA_DIR = mkdtempSync(path.join(runDir, 'file-'))
}
