import { useEffect, useId, useState } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { card } from '../../../components/ui/styles.ts';
import { Switch } from '../../../components/ui/switch.tsx';
import { getPushKey, removePushSubscription, savePushSubscription } from '../api/push.ts';
import {
  currentSubscription,
  pushSupported,
  subscribeBrowser,
  type PushWorker,
} from '../utils/browser-push.ts';

export const PUSH_UNSUPPORTED_MESSAGE =
  'This browser cannot show a website’s notifications. On an iPhone or iPad, add this page to the Home Screen (Share, then Add to Home Screen) and open it from there.';
export const PUSH_BLOCKED_MESSAGE =
  'Notifications are blocked for this site in this browser’s settings. Allow them there, then turn them on here.';
export const PUSH_NOT_ALLOWED_MESSAGE =
  'Notifications stay off: this browser was not allowed to show them.';
export const PUSH_SERVICE_FAILED_MESSAGE =
  'This browser could not reach its push service. Check the connection and try again.';

type State = 'checking' | 'unsupported' | 'off' | 'on';

/**
 * "Notifications on this phone": a switch that subscribes this browser at its push service and
 * gives the subscription to the server for this sign-in (signing out ends it), or ends it. A
 * browser already subscribed is given again on opening, so a new sign-in on the same phone keeps
 * its notifications.
 */
export function PushSwitch({ worker, children }: { worker: PushWorker; children: string }) {
  const headingId = useId();
  const [state, setState] = useState<State>('checking');
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const check = async (): Promise<State> => {
      if (!pushSupported()) return 'unsupported';
      const subscription = await currentSubscription(worker);
      if (!subscription || Notification.permission !== 'granted') return 'off';
      await savePushSubscription(subscription);
      return 'on';
    };
    check().then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [worker]);

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      const text = permission === 'denied' ? PUSH_BLOCKED_MESSAGE : PUSH_NOT_ALLOWED_MESSAGE;
      setSaid({ text, failed: true });
      return;
    }
    const { publicKey } = await getPushKey();
    let subscription: PushSubscription;
    try {
      subscription = await subscribeBrowser(worker, publicKey);
    } catch {
      setSaid({ text: PUSH_SERVICE_FAILED_MESSAGE, failed: true });
      return;
    }
    try {
      const saved = await savePushSubscription(subscription);
      setState('on');
      setSaid({ text: saved.message, failed: false });
    } catch (error) {
      // The server has none: neither has the browser, so the switch says what is true.
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
  }

  async function turnOff() {
    const subscription = await currentSubscription(worker);
    if (subscription) {
      const removed = await removePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      setSaid({ text: removed.message, failed: false });
    }
    setState('off');
  }

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      await (state === 'on' ? turnOff() : turnOn());
    } catch (error) {
      setSaid({ text: failureMessage(error, 'load'), failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={`${card} mt-10 p-5 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Notifications on this phone
      </h2>
      <p className="mt-2 text-ink-muted">{children}</p>
      {state === 'unsupported' ? (
        <p className="mt-4 text-ink">{PUSH_UNSUPPORTED_MESSAGE}</p>
      ) : (
        <div className="mt-4">
          <Switch
            checked={state === 'on'}
            disabled={busy || state === 'checking'}
            onToggle={() => void toggle()}
          >
            Send notifications to this phone
          </Switch>
        </div>
      )}
      <p role={said?.failed ? 'alert' : 'status'} className="mt-3 text-sm text-ink">
        {said?.text}
      </p>
    </section>
  );
}
