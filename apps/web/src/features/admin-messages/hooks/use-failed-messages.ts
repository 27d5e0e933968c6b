import { useState } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { listFailedMessages, retryMessage } from '../api/messages.ts';

/** The last retry's outcome, said politely to screen readers. */
interface RetryNotice {
  id: string;
  text: string;
  ok: boolean;
}

/** The failed messages, and a retry that takes a message off the list once the server agreed. */
export function useFailedMessages() {
  const list = useLoad(listFailedMessages);
  const [notice, setNotice] = useState<RetryNotice>();
  /** The message whose retry is under way. */
  const [retrying, setRetrying] = useState<string>();

  const retry = (id: string) => {
    setRetrying(id);
    setNotice(undefined);
    const settle = (text: string, ok: boolean) => {
      setRetrying(undefined);
      setNotice({ id, text, ok });
    };
    retryMessage(id).then(
      ({ message }) => {
        list.set((shown) => ({ ...shown, messages: shown.messages.filter((m) => m.id !== id) }));
        settle(message, true);
      },
      (error: unknown) => settle(failureMessage(error, 'load'), false),
    );
  };

  return {
    messages: list.data?.messages ?? [],
    loading: list.loading,
    // Asked again, the list says why it failed only if it fails again.
    failure: list.loading ? undefined : list.failure,
    notice,
    retrying,
    retry,
    reload: list.reload,
  };
}
