/**
 * The files of a demo video besides the video itself: captions (WebVTT) are
 * accepted only when they are WebVTT, so a player never receives a file it
 * cannot read; the page says which problem in Italian.
 */
import { it } from '../i18n/index.ts'

/** WebVTT's timing line: `00:01.000 --> 00:04.250` (hours optional). */
const CUE_TIMING = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}(?:\s|$)/m

/** Whether an uploaded file is meant as captions: its name ends in .vtt or its type is text. */
export function isCaptionsUpload(name: string, mimeType: string): boolean {
  return /\.vtt$/i.test(name) || mimeType.startsWith('text/')
}

/** Null for a WebVTT file with at least one cue; otherwise the Italian message saying what is wrong. */
export function webVttProblem(name: string, data: Buffer): string | null {
  const t = it.publicSite.captions
  if (!/\.vtt$/i.test(name)) return t.notVtt
  const text = data.toString('utf8').replace(/^\uFEFF/, '')
  if (!/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) return t.noHeader
  if (!CUE_TIMING.test(text)) return t.noCues
  return null
}
