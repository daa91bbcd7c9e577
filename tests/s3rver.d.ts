/** The part of s3rver (a fake S3 server, which ships no types) the tests use. */
declare module 's3rver' {
  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
