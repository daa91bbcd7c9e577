/**
 * `npm run demo:videos [name ...]`: records the product pages' demo videos from
 * the real portal (dev/demo-videos/record.ts) into dev/demo/videos/, which the
 * demo content uploads on a fresh installation. Needs the build (`npm run
 * build`), Chromium and ffmpeg (`apt-get install ffmpeg`); PORT (default 4690)
 * is the portal's port for the recording.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { recordDemoVideos } from '../dev/demo-videos/record.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
try {
  const made = await recordDemoVideos({
    root,
    outDir: path.join(root, 'dev/demo/videos'),
    port: Number(process.env.PORT ?? 4690),
    only: process.argv.slice(2),
  })
  for (const video of made)
    console.log(`${video.name}.mp4: ${video.duration.toFixed(1)} s, ${(video.bytes / 1024).toFixed(0)} KB`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
