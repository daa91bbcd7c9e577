import { defineMiddleware } from 'astro:middleware'

/**
 * Sets `locals.viewer` for every page. Until sessions are read here, every
 * visitor is anonymous.
 */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.viewer = { kind: 'anonymous' }
  return next()
})
