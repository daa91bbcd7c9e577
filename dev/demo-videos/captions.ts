/**
 * Captions and transcript of a recorded demo video: each step of a scene says
 * what happens on screen, and the recorder notes when it began; a step's cue
 * lasts until the next step begins (the last one until the end of the video).
 */

/** One step as recorded: its caption and when it began, in seconds from the start of the video. */
export type TimedStep = { caption: string; at: number }

/** `hh:mm:ss.mmm`, the WebVTT timestamp. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000))
  const pad = (value: number, size = 2) => String(value).padStart(size, '0')
  const h = Math.floor(millis / 3_600_000)
  const m = Math.floor((millis % 3_600_000) / 60_000)
  const s = Math.floor((millis % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(millis % 1000, 3)}`
}

/** The WebVTT file of the steps, for a video of `duration` seconds; steps must be in order. */
export function webVtt(steps: TimedStep[], duration: number): string {
  const cues = steps.map((step, index) => {
    const end = Math.min(steps[index + 1]?.at ?? duration, duration)
    if (!(end > step.at)) throw new Error(`Sottotitolo senza durata: «${step.caption}»`)
    return `${index + 1}\n${vttTimestamp(step.at)} --> ${vttTimestamp(end)}\n${step.caption}`
  })
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}

/** The plain transcript: the title, then what happens, one paragraph per step. */
export function transcript(title: string, steps: TimedStep[]): string {
  return [title, ...steps.map((step) => step.caption)].join('\n\n') + '\n'
}
