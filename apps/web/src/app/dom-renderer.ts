/*
 * React's DOM renderer, made ready in its own chunk: the page's loader runs that chunk a task
 * before the app, so a phone never spends one long task on both (decision 027).
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
