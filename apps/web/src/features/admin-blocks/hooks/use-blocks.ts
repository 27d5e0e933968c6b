import { useCallback, useEffect, useState } from 'react';
import type { BlocksResponse } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listBlocks } from '../api/blocks.ts';

interface BlocksState {
  lists: Omit<BlocksResponse, 'success'> | undefined;
  loading: boolean;
  failure: string | undefined;
}

/** The owner's blocks, loaded at once; `reload` after a change. */
export function useBlocks(): BlocksState & { reload: () => void } {
  const [state, setState] = useState<BlocksState>({
    lists: undefined,
    loading: true,
    failure: undefined,
  });
  const fetchLists = useCallback(
    () =>
      listBlocks()
        .then(({ upcoming, past }) =>
          setState({ lists: { upcoming, past }, loading: false, failure: undefined }),
        )
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
    void fetchLists();
  }, [fetchLists]);
  const reload = useCallback(() => {
    setState((current) => ({ ...current, loading: true }));
    void fetchLists();
  }, [fetchLists]);
  return { ...state, reload };
}
