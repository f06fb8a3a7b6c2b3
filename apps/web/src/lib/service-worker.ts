/**
 * Registers the till's service worker (/sw.js, written by build/service-worker-plugin.ts; issue #26), which keeps the
 * app shell so that a till opened online once opens and reloads with no connection. Only in a built app (the dev
 * server has no sw.js) and in a secure context (https or localhost): over plain http by the shop computer's address
 * the browser has no service workers, and the app works as before, online only. After the page's load event, so
 * that the worker's downloads never compete with the first screen's.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    // The worker's own file is always revalidated (updateViaCache 'none'): a new build is found at the next check.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      // Without a worker the app still works online; nothing to tell the cashier here.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
