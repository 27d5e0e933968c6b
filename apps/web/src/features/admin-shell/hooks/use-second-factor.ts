import { useCallback, useEffect, useState } from 'react';
import type { MfaState } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { getAdminSession } from '../api/admin.ts';

export type SecondFactor =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: MfaState; recoveryCodesLeft: number };

/**
 * Where the owner's session stands with the second factor, asked of the API when the console
 * opens: enrol, verify or verified. `passed` moves on once a screen has passed it.
 */
export function useSecondFactor(): {
  factor: SecondFactor;
  retry: () => void;
  passed: (recoveryCodesLeft: number) => void;
} {
  const [factor, setFactor] = useState<SecondFactor>({ status: 'loading' });

  const load = useCallback(
    () =>
      getAdminSession()
        .then(({ mfa, recoveryCodesLeft }) => setFactor({ status: mfa, recoveryCodesLeft }))
        .catch((error: unknown) =>
          setFactor({ status: 'failed', message: failureMessage(error, 'load') }),
        ),
    [],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const retry = useCallback(() => {
    setFactor({ status: 'loading' });
    void load();
  }, [load]);
  const passed = useCallback(
    (recoveryCodesLeft: number) => setFactor({ status: 'verified', recoveryCodesLeft }),
    [],
  );
  return { factor, retry, passed };
}
