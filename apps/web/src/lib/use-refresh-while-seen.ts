import { useEffect } from 'react';

/**
 * Asks again every `everyMs` while the page is seen, and at once when it is seen again or the
 * device is back online: a screen someone keeps open (the day sheet, Today) stays current
 * without a reload, and a phone in a pocket asks nothing.
 */
export function useRefreshWhileSeen(refresh: () => unknown, everyMs: number): void {
  useEffect(() => {
    const seen = () => document.visibilityState === 'visible';
    const timer = setInterval(() => {
      if (seen()) void refresh();
    }, everyMs);
    const onSeen = () => {
      if (seen()) void refresh();
    };
    document.addEventListener('visibilitychange', onSeen);
    window.addEventListener('online', onSeen);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onSeen);
      window.removeEventListener('online', onSeen);
    };
  }, [refresh, everyMs]);
}
