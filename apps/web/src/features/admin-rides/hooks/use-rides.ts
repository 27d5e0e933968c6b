import { useEffect, useState } from 'react';
import type { RideListQuery, RideListResponse } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listRides } from '../api/rides.ts';

export type RidesState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; result: RideListResponse };

/** A page of rides under a query; loads again whenever the query (or `reload`) changes. */
export function useRides(query: RideListQuery, reload = 0): RidesState {
  const key = `${reload}|${JSON.stringify(query)}`;
  // The answer and the request it answers: another key's answer is still loading.
  const [answer, setAnswer] = useState<{ key: string; state: RidesState } | undefined>();
  useEffect(() => {
    let live = true;
    const settle = (state: RidesState) => live && setAnswer({ key, state });
    listRides(JSON.parse(key.slice(key.indexOf('|') + 1)) as RideListQuery)
      .then((result) => settle({ status: 'ready', result }))
      .catch((error: unknown) =>
        settle({ status: 'failed', message: failureMessage(error, 'load') }),
      );
    return () => {
      live = false;
    };
  }, [key]);
  return answer?.key === key ? answer.state : { status: 'loading' };
}
