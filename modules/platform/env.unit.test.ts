import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'env-test-'))
const production = {
  DATABASE_URL: 'postgres://app:pw@db:5432/portal',
  PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
}
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
}

describe('parseEnv', () => {
  it('applies the defaults of an embedded installation', () => {
    const env = parseEnv({ DATA_DIR: dataDir() })
    expect(env.PORT).toBe(4321)
    expect(env.embedded).toBe(true)
    expect(env.embeddedPgPort).toBe(14321)
    expect(env.databaseUrl).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:14321\/bancadati$/)
    expect(env.payloadSecret).toHaveLength(64)
    expect(env.publicUrl).toBe('http://localhost:4321')
  })

  it('keeps the embedded secrets stable across reads of the same data directory', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).payloadSecret).toBe(parseEnv({ DATA_DIR: dir }).payloadSecret)
  })

  it('uses an external database and asks for its secret', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://app:pw@db:5432/portal',
      PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
      ...stripeKeys,
    })
    expect(env.embedded).toBe(false)
    expect(env.databaseUrl).toBe('postgres://app:pw@db:5432/portal')
    expect(env.stripeEmulator).toBe(false)
  })

  it('listens on this computer only in embedded mode, everywhere in production mode, unless HOST says otherwise', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).HOST).toBe('127.0.0.1')
    expect(parseEnv({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
    expect(parseEnv({ ...production, ...stripeKeys }).HOST).toBe('0.0.0.0')
    expect(parseEnv({ ...production, ...stripeKeys, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
  })

  it('asks production for BACKUP_KEY when backups are scheduled, and a key of at least 32 characters', () => {
    const scheduled = { ...production, ...stripeKeys, BACKUP_SCHEDULE: '0 2 * * *' }
    expect(() => parseEnv(scheduled)).toThrow(/BACKUP_KEY \(obbligatorio quando BACKUP_SCHEDULE è impostato/)
    expect(() => parseEnv({ ...scheduled, BACKUP_KEY: 'corta' })).toThrow(
      /BACKUP_KEY \(deve contenere almeno 32 caratteri\)/,
    )
    const key = '3f9c1a7e5b2d8f4a6c0e9b1d7a3f5c8e2b6d0a4f'
    expect(parseEnv({ ...scheduled, BACKUP_KEY: key }).BACKUP_KEY).toBe(key)
    // Embedded mode keeps a key of its own in the data folder.
    expect(parseEnv({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: '0 2 * * *' }).BACKUP_KEY).toBeUndefined()
  })

  it('refuses production mode without real payments, naming the Stripe keys to set', () => {
    let error: unknown
    try {
      parseEnv(production)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    expect((error as EnvError).issues.map((issue) => issue.key)).toEqual(['STRIPE_SECRET_KEY'])
    expect((error as EnvError).message).toMatch(/STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET.*STRIPE_EMULATOR=1/)
  })

  it('runs production mode on the emulator only when STRIPE_EMULATOR=1 asks for it, and never together with Stripe keys', () => {
    const staging = parseEnv({ ...production, STRIPE_EMULATOR: '1' })
    expect(staging.stripeEmulator).toBe(true)
    expect(staging.embedded).toBe(false)
    expect(() => parseEnv({ ...production, ...stripeKeys, STRIPE_EMULATOR: '1' })).toThrowError(
      /STRIPE_EMULATOR \(non può valere insieme a STRIPE_SECRET_KEY/,
    )
    expect(parseEnv({ DATA_DIR: dataDir() }).stripeEmulator).toBe(true)
  })

  it('sends electronic invoices through the local SDI intermediary only with test payments', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).sdiProvider).toBe('locale')
    expect(parseEnv({ ...production, STRIPE_EMULATOR: '1' }).sdiProvider).toBe('locale')
    expect(parseEnv({ ...production, ...stripeKeys }).sdiProvider).toBeUndefined()
    expect(() => parseEnv({ ...production, ...stripeKeys, SDI_PROVIDER: 'locale' })).toThrowError(
      /SDI_PROVIDER \(locale vale solo in modalità incorporata/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), SDI_PROVIDER: 'aruba' })).toThrowError(/SDI_PROVIDER/)
  })

  it('names every bad key in one message', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    const message = (error as EnvError).message
    expect(message).toMatch(/^Configurazione non valida:/)
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('LOG_LEVEL')
    expect((error as EnvError).issues.map((issue) => issue.key).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
    ])
  })

  it('reads TRUSTED_ORIGINS as a list of origins and names an entry that is not one', () => {
    const production = {
      DATABASE_URL: 'postgres://a@b/c',
      PAYLOAD_SECRET: '7c1e9a4f2b8d6035e1a9c7f4b2d8e6a0',
      STRIPE_EMULATOR: '1',
    }
    expect(
      parseEnv({ ...production, TRUSTED_ORIGINS: ' https://Esempio.it/ ,https://www.esempio.it:8443,' })
        .TRUSTED_ORIGINS,
    ).toEqual(['https://esempio.it', 'https://www.esempio.it:8443'])
    expect(parseEnv(production).TRUSTED_ORIGINS).toEqual([])
    for (const bad of ['esempio.it', 'ftp://esempio.it', 'https://esempio.it/percorso']) {
      expect(() => parseEnv({ ...production, TRUSTED_ORIGINS: bad }), bad).toThrow(
        /TRUSTED_ORIGINS \('.*' non è un indirizzo valido/,
      )
    }
  })

  it('takes a metrics token of at least 24 characters, none by default', () => {
    expect(parseEnv({ ...production, ...stripeKeys }).METRICS_TOKEN).toBeUndefined()
    const token = 'q7Lm2xZ9vR4kT8wN3bH6cJ1p'
    expect(parseEnv({ ...production, ...stripeKeys, METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
    expect(() => parseEnv({ ...production, ...stripeKeys, METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN \(deve contenere almeno 24 caratteri\)/,
    )
  })

  it('requires the secret and the paired keys of external services', () => {
    expect(() =>
      parseEnv({
        DATABASE_URL: 'postgres://a@b/c',
        STRIPE_SECRET_KEY: 'sk_live_x',
        TYPESENSE_URL: 'http://ts:8108',
      }),
    ).toThrowError(/PAYLOAD_SECRET.*STRIPE_WEBHOOK_SECRET.*PUBLIC_STRIPE_PUBLISHABLE_KEY.*TYPESENSE_API_KEY/)
  })

  it('asks for both halves of a social sign-in client and checks the endpoint addresses', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toThrowError(
      /GOOGLE_CLIENT_SECRET \(obbligatorio quando GOOGLE_CLIENT_ID è impostato\)/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), FACEBOOK_CLIENT_SECRET: 'secret' })).toThrowError(
      /FACEBOOK_CLIENT_ID/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), GOOGLE_DISCOVERY_URL: 'ftp://x' })).toThrowError(
      /GOOGLE_DISCOVERY_URL/,
    )
    const env = parseEnv({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      FACEBOOK_CLIENT_ID: '',
    })
    expect(env.GOOGLE_CLIENT_ID).toBe('id')
    expect(env.FACEBOOK_CLIENT_ID).toBeUndefined()
    expect(env.GOOGLE_DISCOVERY_URL).toBeUndefined()
  })

  it('asks for the region of an S3 bucket and for both halves of its key pair', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'media' })).toThrowError(
      /S3_REGION \(obbligatorio quando S3_BUCKET è impostato\)/,
    )
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'media', S3_REGION: 'eu-south-1', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrowError(/S3_SECRET_ACCESS_KEY \(obbligatorio quando S3_ACCESS_KEY_ID è impostato\)/)
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_ENDPOINT: 'minio:9000' })).toThrowError(/S3_ENDPOINT/)
    const env = parseEnv({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(env.S3_FORCE_PATH_STYLE).toBe(true)
    expect(env.S3_ACCESS_KEY_ID).toBeUndefined()
  })

  describe('production refuses guessable secrets and plain http outside this computer (third attack round)', () => {
    const strong = { ...production, ...stripeKeys }
    const issues = (source: Record<string, string>) => {
      try {
        parseEnv(source)
      } catch (error) {
        if (error instanceof EnvError) return error.issues
        throw error
      }
      return []
    }

    it('refuses a PAYLOAD_SECRET of 32 repeated characters, a sequence or a repeated word, with the reason', () => {
      expect(issues({ ...strong, PAYLOAD_SECRET: 'a'.repeat(32) })).toEqual([
        {
          key: 'PAYLOAD_SECRET',
          message: expect.stringMatching(/ripete sempre lo stesso carattere.*openssl rand/),
        },
      ])
      expect(issues({ ...strong, PAYLOAD_SECRET: 'segreto!'.repeat(4) })[0]?.message).toMatch(
        /ripete la stessa sequenza di 8 caratteri/,
      )
      expect(
        issues({ ...strong, PAYLOAD_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' })[0]?.message,
      ).toMatch(/sequenza di caratteri consecutivi/)
      expect(
        issues({ ...strong, PAYLOAD_SECRET: 'bancadati-2026-bancadati-produzione' })[0]?.message,
      ).toMatch(/due volte la stessa sequenza/)
    })

    it('refuses a weak METRICS_TOKEN and takes a random one', () => {
      expect(issues({ ...strong, METRICS_TOKEN: 'metrics-metrics-metrics-' })).toEqual([
        { key: 'METRICS_TOKEN', message: expect.stringMatching(/ripete la stessa sequenza di 8 caratteri/) },
      ])
      expect(issues({ ...strong, METRICS_TOKEN: '123456789012345678901234' })[0]?.key).toBe('METRICS_TOKEN')
      expect(issues({ ...strong, METRICS_TOKEN: 'aaaabbbbccccddddeeeeffff' })[0]?.message).toMatch(
        /caratteri diversi|consecutivi/,
      )
      expect(issues({ ...strong, METRICS_TOKEN: 'q7Lm2xZ9vR4kT8wN3bH6cJ1p' })).toEqual([])
    })

    it('refuses a guessable BACKUP_KEY: it signs and encrypts the snapshots', () => {
      expect(issues({ ...strong, BACKUP_KEY: 'k'.repeat(40) })).toEqual([
        { key: 'BACKUP_KEY', message: expect.stringMatching(/ripete sempre lo stesso carattere/) },
      ])
      expect(issues({ ...strong, BACKUP_KEY: '3f9c1a7e5b2d8f4a6c0e9b1d7a3f5c8e2b6d0a4f' })).toEqual([])
    })

    it('takes secrets made by openssl rand (hex or base64) every time', () => {
      for (let index = 0; index < 200; index += 1) {
        const hex = randomBytes(32).toString('hex')
        const base64 = randomBytes(32).toString('base64')
        expect(issues({ ...strong, PAYLOAD_SECRET: hex, METRICS_TOKEN: base64 }), hex).toEqual([])
      }
    })

    it('refuses an http:// PUBLIC_URL or trusted origin outside loopback, naming https', () => {
      expect(issues({ ...strong, PUBLIC_URL: 'http://bancadati.example' })).toEqual([
        {
          key: 'PUBLIC_URL',
          message: expect.stringMatching(/http:\/\/bancadati\.example non va bene: .*https:\/\/.*Secure/),
        },
      ])
      expect(
        issues({
          ...strong,
          PUBLIC_URL: 'https://bancadati.example',
          TRUSTED_ORIGINS: 'http://www.bancadati.example',
        }),
      ).toEqual([
        { key: 'TRUSTED_ORIGINS', message: expect.stringMatching(/http:\/\/www\.bancadati\.example/) },
      ])
      for (const loopback of ['http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:4321'])
        expect(issues({ ...strong, PUBLIC_URL: loopback }), loopback).toEqual([])
      expect(issues({ ...strong, PUBLIC_URL: 'https://bancadati.example' })).toEqual([])
    })

    it('leaves embedded mode alone: its own secrets, its loopback address', () => {
      expect(() => parseEnv({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://portatile.lan:4321' })).not.toThrow()
    })
  })
})
