/** The browsers' Content-Security-Policy violation reports: logged as warnings, the latest kept in memory. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'

/** A report is a few hundred bytes; anything larger is cut off unread. */
const CSP_REPORT_MAX_BYTES = 16 * 1024
/** The most recent reports kept (embedded mode lists them at /dev/csp-report). */
const CSP_REPORTS_KEPT = 200

export type CspViolation = { documentUri: string; directive: string; blockedUri: string; sample: string }

/** Receives the reports POSTed to the policy's report-uri. */
export function createCspReportLog(logger: Logger) {
  const kept: CspViolation[] = []
  return {
    list: (): CspViolation[] => [...kept],
    async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
      let size = 0
      const chunks: Buffer[] = []
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > CSP_REPORT_MAX_BYTES) break
        chunks.push(chunk)
      }
      res.writeHead(204, { 'cache-control': 'no-store' })
      res.end()
      if (size > CSP_REPORT_MAX_BYTES) return
      let report: Record<string, unknown> = {}
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        report = (parsed['csp-report'] ?? parsed) as Record<string, unknown>
      } catch {
        // Not JSON: nothing a browser sends; ignored.
        return
      }
      const text = (key: string) => String(report[key] ?? '').slice(0, 300)
      const violation: CspViolation = {
        documentUri: text('document-uri'),
        directive: text('effective-directive') || text('violated-directive'),
        blockedUri: text('blocked-uri'),
        sample: text('script-sample'),
      }
      logger.warn({ violation }, 'Violazione della Content-Security-Policy')
      kept.push(violation)
      if (kept.length > CSP_REPORTS_KEPT) kept.shift()
    },
  }
}
