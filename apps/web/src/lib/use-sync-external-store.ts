/**
 * wouter imports `use-sync-external-store/shim` to support React 17; React 19 has the hook
 * itself, so the build points the shim here (vite.config.ts) and ships no fallback code.
 */
export { useSyncExternalStore } from 'react';
