/** Remembered answers of pure functions on hot paths; nothing server-only, islands may import it. */
export { remembered } from './remembered.ts'
