/**
 * docs/privacy.md and the privacy policy's retention table come from one
 * list (inventory.ts): the document holds exactly the table the list makes,
 * and every table a module creates with an account's data is in the list.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inventoryMarkdown, personalData } from './inventory.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const doc = readFileSync(path.join(root, 'docs/privacy.md'), 'utf8')

/** A Markdown table's cells, row by row, whatever its column padding (Prettier aligns the columns). */
function cellsOf(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s:|-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )
}

describe('docs/privacy.md', () => {
  it('holds the inventory table exactly as the list makes it', () => {
    expect(cellsOf(inventoryMarkdown())).toHaveLength(personalData.length + 1)
    const start = doc.indexOf('<!-- inventory:start -->')
    const end = doc.indexOf('<!-- inventory:end -->')
    expect(start).toBeGreaterThan(-1)
    expect(end).toBeGreaterThan(start)
    expect(cellsOf(doc.slice(start + '<!-- inventory:start -->'.length, end))).toEqual(
      cellsOf(inventoryMarkdown()),
    )
  })

  it('lists every table that keeps an account id or an address', () => {
    const listed = new Set(personalData.flatMap((entry) => entry.where))
    for (const table of [
      'auth_users',
      'auth_sessions',
      'auth_accounts',
      'profile_pictures',
      'billing_customers',
      'billing_invoices',
      'billing_invoice_numbers',
      'billing_subscriptions',
      'billing_payment_methods',
      'database_favourites',
      'database_views',
      'feed_notifications',
      'feed_email_subscriptions',
      'cookie_consents',
      'studio_links',
      'mail_outbox',
      'privacy_exports',
      'billing_fiscal_archive',
      'erasure_log',
      'rate_limits',
    ]) {
      expect(listed, table).toContain(table)
    }
  })

  it('says for every kind of data why and for how long, in Italian', () => {
    for (const entry of personalData) {
      expect(entry.purpose.length, entry.id).toBeGreaterThan(10)
      expect(entry.retention.length, entry.id).toBeGreaterThan(5)
    }
  })
})
