import { useEffect, useState } from 'react';
import type { NumbersResponse } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { getNumbers } from '../api/numbers.ts';

/** The numbers, loaded once: undefined until they come (or `failure` says why not). */
export function useNumbers(): {
  numbers: Omit<NumbersResponse, 'success'> | undefined;
  failure: string | undefined;
} {
  const [state, setState] = useState<{
    numbers: Omit<NumbersResponse, 'success'> | undefined;
    failure: string | undefined;
  }>({ numbers: undefined, failure: undefined });
  useEffect(() => {
    let current = true;
    getNumbers()
      .then(({ week, month }) => {
        if (current) setState({ numbers: { week, month }, failure: undefined });
      })
      .catch((error: unknown) => {
        if (current) setState({ numbers: undefined, failure: failureMessage(error, 'load') });
      });
    return () => {
      current = false;
    };
  }, []);
  return state;
}
