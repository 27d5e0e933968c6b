import { useCallback, useEffect, useState } from 'react';
import type { Ride } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { getRide } from '../api/rides.ts';

export type RideState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; ride: Ride };

/** One ride; `replace` shows the ride an action answered with, `reload` asks again. */
export function useRide(id: string): {
  state: RideState;
  replace: (ride: Ride) => void;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const key = `${id}|${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; state: RideState } | undefined>();
  useEffect(() => {
    let live = true;
    const settle = (state: RideState) => live && setAnswer({ key, state });
    getRide(id)
      .then(({ ride }) => settle({ status: 'ready', ride }))
      .catch((error: unknown) =>
        settle({ status: 'failed', message: failureMessage(error, 'load') }),
      );
    return () => {
      live = false;
    };
  }, [id, key]);
  const replace = useCallback(
    (ride: Ride) => setAnswer({ key, state: { status: 'ready', ride } }),
    [key],
  );
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: answer?.key === key ? answer.state : { status: 'loading' }, replace, reload };
}
