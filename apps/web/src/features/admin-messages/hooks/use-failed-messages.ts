import { useCallback, useEffect, useState } from 'react';
import type { FailedMessage } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listFailedMessages, retryMessage } from '../api/messages.ts';

interface FailedMessages {
  messages: FailedMessage[];
  loading: boolean;
  /** Why the list did not come. */
  failure: string | undefined;
  /** The last retry's outcome, said politely to screen readers. */
  notice: { id: string; text: string; ok: boolean } | undefined;
  /** The message whose retry is under way. */
  retrying: string | undefined;
}

/** The failed messages, and a retry that takes a message off the list once the server agreed. */
export function useFailedMessages(): FailedMessages & {
  retry: (id: string) => void;
  reload: () => void;
} {
  const [state, setState] = useState<FailedMessages>({
    messages: [],
    loading: true,
    failure: undefined,
    notice: undefined,
    retrying: undefined,
  });

  /** Fetches the list; its state is set only when the answer comes. */
  const load = useCallback(
    () =>
      listFailedMessages()
        .then(({ messages }) =>
          setState((current) => ({ ...current, messages, loading: false, failure: undefined })),
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
    void load();
  }, [load]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, loading: true, failure: undefined }));
    void load();
  }, [load]);

  const retry = useCallback((id: string) => {
    setState((current) => ({ ...current, retrying: id, notice: undefined }));
    retryMessage(id)
      .then(({ message }) =>
        setState((current) => ({
          ...current,
          retrying: undefined,
          messages: current.messages.filter((m) => m.id !== id),
          notice: { id, text: message, ok: true },
        })),
      )
      .catch((error: unknown) =>
        setState((current) => ({
          ...current,
          retrying: undefined,
          notice: { id, text: failureMessage(error, 'load'), ok: false },
        })),
      );
  }, []);

  return { ...state, retry, reload };
}
