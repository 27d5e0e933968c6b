/*
 * The console's service worker (scope /admin): only its notifications (push-sw.js). The console
 * is not kept for use without signal (the day sheet is, drive-sw.js): its screens are live data.
 */
importScripts('/push-sw.js');

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
