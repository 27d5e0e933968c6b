import { useCallback, useEffect, useState } from 'react';
import type { FleetCar } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listFleet } from '../api/fleet.ts';

interface Fleet {
  cars: FleetCar[];
  loading: boolean;
  /** Why the list did not come. */
  failure: string | undefined;
  reload: () => Promise<void>;
}

/** Every car, loaded when the screen opens and again after each change. */
export function useFleet(): Fleet {
  const [state, setState] = useState<Omit<Fleet, 'reload'>>({
    cars: [],
    loading: true,
    failure: undefined,
  });
  const reload = useCallback(
    () =>
      listFleet()
        .then(({ cars }) => setState({ cars, loading: false, failure: undefined }))
        .catch((error: unknown) =>
          setState((current) => ({
            ...current,
            loading: false,
            failure: failureMessage(error, 'load'),
          })),
        ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
