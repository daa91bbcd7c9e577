/**
 * Modules named by their domain, each one job (issue 20, point 4): sign-up
 * and marketing contacts have their own modules on top of accounts, and
 * billing's subscription use cases live one per file, named verb-noun.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pinnedSurfaces } from './module-surfaces.pinned.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const source = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The names a file exports (declarations and re-exports; `type` exports included). */
function exportsOf(file: string): string[] {
  const text = source(file)
  const declared = [
    ...text.matchAll(/^export (?:async )?(?:function|const|let|class|type|interface|enum) (\w+)/gm),
  ].map((m) => m[1]!)
  const listed = [...text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((m) =>
    m[1]!
      .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
      .split(',')
      // `type X` and `x as y`: the name other modules import.
      .map((name) =>
        name
          .replace(/^\s*type\s+/, '')
          .replace(/^[\s\S]*\sas\s+/, '')
          .trim(),
      )
      .filter(Boolean),
  )
  return [...declared, ...listed]
}

describe('sign-up and contacts out of accounts', () => {
  const accounts = exportsOf('modules/accounts/index.ts')

  it('leaves sign-up and marketing contacts out of the accounts surface', () => {
    for (const name of [
      'registerTrial',
      'registerForPurchase',
      'completeSocialSignup',
      'socialSetupRedirect',
      'recordContact',
      'findContact',
      'createHubspotClient',
    ]) {
      expect(accounts).not.toContain(name)
    }
  })

  it('gives the sign-up its own module with its routes', () => {
    expect(exportsOf('modules/signup/index.ts')).toEqual(
      expect.arrayContaining([
        'registerTrial',
        'registerForPurchase',
        'completeSocialSignup',
        'socialSetupRedirect',
      ]),
    )
    expect(source('modules/signup/routes.ts')).toMatch(/path: '\/user\/trial-signup'/)
    expect(source('modules/signup/routes.ts')).toMatch(/path: '\/user\/setupsocial'/)
  })

  it('gives the marketing contacts their own module with their routes', () => {
    expect(exportsOf('modules/contacts/index.ts')).toEqual(
      expect.arrayContaining(['recordContact', 'findContact', 'createHubspotClient']),
    )
    expect(source('modules/contacts/routes.ts')).toMatch(/path: '\/contacts\/create-hs-contact'/)
    expect(source('modules/contacts/routes.ts')).toMatch(/path: '\/contacts\/update-hs-profession'/)
  })

  it('mounts both route files in the API', () => {
    const app = source('modules/api/app.ts')
    expect(app).toMatch(/api\.route\('\/', signupRoutes\(\)\)/)
    expect(app).toMatch(/api\.route\('\/', contactRoutes\(\)\)/)
  })
})

describe('billing use cases', () => {
  const useCases = {
    'create-subscription.ts': 'createSubscription',
    'upgrade.ts': 'upgradeSubscription',
    'downgrade.ts': 'downgradeSubscription',
    'flip-renewal.ts': 'flipRenewal',
    'preview-proration.ts': 'calculateProration',
  }

  it('puts each use case in its own file, exporting that use case only', () => {
    for (const [file, useCase] of Object.entries(useCases)) {
      const relative = `modules/billing/${file}`
      expect(existsSync(path.join(root, relative)), relative).toBe(true)
      expect(exportsOf(relative), relative).toEqual([useCase])
    }
  })

  it('keeps only what they share in subscriptions.ts', () => {
    const shared = exportsOf('modules/billing/subscriptions.ts')
    for (const useCase of Object.values(useCases)) expect(shared).not.toContain(useCase)
  })
})

describe('pay figures and editions', () => {
  it('keeps the level’s monthly pay in the content model and the edition in force in the redline module', () => {
    expect(exportsOf('modules/content/index.ts')).toContain('monthlyPay')
    expect(exportsOf('modules/redline/index.ts')).toEqual(
      expect.arrayContaining(['editionInForce', 'EditionInForce', 'InForceBasis']),
    )
  })
})

describe('limits and addresses (issue 31)', () => {
  it('finds the client address in one place, the platform, for the server, the site and the API', () => {
    expect(exportsOf('modules/platform/index.ts')).toContain('clientAddressOf')
    expect(exportsOf('modules/accounts/index.ts')).not.toContain('clientAddressOf')
    for (const file of ['scripts/server.ts', 'site/middleware.ts', 'modules/api/edge.ts'])
      expect(source(file), file).toMatch(/clientAddressOf\(\s*(getEnv\(\)|env)\.proxyTrust/)
  })

  it('counts limits only before the work: the limiter offers no read-then-write pair', () => {
    const limiter = source('modules/platform/rate-limits.ts')
    expect(limiter).toMatch(/take: \(key: string\) => Promise<Counted>/)
    expect(limiter).not.toMatch(/exhausted:|record:/)
  })
})

describe('the cost of labour', () => {
  it('exports its use cases, its query and the size bands, nothing else', () => {
    expect(exportsOf('modules/labour-cost/index.ts').sort()).toEqual(
      [
        'createLabourCost',
        'LabourCost',
        'LabourCostDeps',
        'LevelLabourCost',
        'CategoryLabourCost',
        'PrintedBlock',
        'readLabourCostQuery',
        'labourCostQueryString',
        'queryNames',
        'LabourCostQuery',
        'LabourCostRequest',
        'bandLimits',
        'labourCostPrintDocument',
        'LabourCostPrint',
      ].sort(),
    )
  })

  it('receives Payload from its caller: no lazy CMS import, no module-level service, no setter', () => {
    const dir = path.join(root, 'modules/labour-cost')
    const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
    for (const file of files) {
      const text = source(`modules/labour-cost/${file}`)
      expect(text, file).not.toMatch(/import\(['"][^'"]*cms/)
      expect(text, file).not.toMatch(/^let /m)
      expect(text, file).not.toMatch(/^export function set[A-Z]/m)
    }
    expect(source('modules/api/app.ts')).toMatch(/api\.route\('\/', labourCostRoutes\(\{ cms: getCms \}\)\)/)
  })
})

describe('modules named for their one job (issue 33)', () => {
  it('names the codice fiscale, partita IVA and CAP checks for what they are: italian-identifiers', () => {
    expect(existsSync(path.join(root, 'modules/billing-rules'))).toBe(false)
    expect(exportsOf('modules/italian-identifiers/index.ts')).toEqual(
      expect.arrayContaining(['italianTaxIdKind', 'isItalianProvince', 'patterns', 'addressProblems']),
    )
    expect(source('modules/README.md')).toMatch(/^\| `italian-identifiers`/m)
  })
})

describe('the mail outbox apart from the test mailbox (issue 33)', () => {
  it('keeps the SMTP catcher and its mailbox page in dev/, out of the mail module and its surface', () => {
    for (const file of ['catcher.ts', 'mailbox-page.ts'])
      expect(existsSync(path.join(root, 'modules/mail', file)), file).toBe(false)
    const mail = exportsOf('modules/mail/index.ts')
    for (const name of [
      'startMailCatcher',
      'createCatcherTransport',
      'renderMailbox',
      'mailboxJson',
      'MailCatcher',
    ])
      expect(mail, name).not.toContain(name)
    expect(exportsOf('dev/mail-catcher/index.ts')).toEqual(
      expect.arrayContaining(['startMailCatcher', 'createCatcherTransport', 'renderMailbox', 'mailboxJson']),
    )
    const modules = readdirSync(path.join(root, 'modules'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.ts$/.test(file) && !file.includes('.test.'))
      .filter((file) =>
        /from ['"](smtp-server|mailparser)['"]|import\(['"](smtp-server|mailparser)['"]\)/.test(
          source(`modules/${file}`),
        ),
      )
    expect(modules).toEqual([])
  })
})

describe('every module’s surface, pinned name by name (issue 33)', () => {
  const modules = readdirSync(path.join(root, 'modules')).filter((name) =>
    existsSync(path.join(root, 'modules', name, 'index.ts')),
  )

  it('pins every module that has an index', () => {
    expect(modules.sort()).toEqual(Object.keys(pinnedSurfaces).sort())
  })

  it.each(modules)('%s exports exactly the pinned names (tests/module-surfaces.pinned.ts)', (name) => {
    const exported = exportsOf(`modules/${name}/index.ts`)
    expect(exported.length, 'a name exported twice').toBe(new Set(exported).size)
    expect([...exported].sort()).toEqual([...(pinnedSurfaces[name] ?? [])].sort())
  })
})
