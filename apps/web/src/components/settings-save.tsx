import { useState } from 'react';
import { failureMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';

/*
 * What the console's settings forms (the drive estimate's numbers, the refund tiers, the rules
 * for bills) share: numbers read as typed for the shared schema to word, each field's first
 * issue, and the save itself: sending, the toast once saved, the refusal in words otherwise.
 */

/** A number as typed; empty or not a number stays NaN, which the shared schema words. */
export function numberAsTyped(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Each field's first issue, for a form whose fields are the schema's top-level keys. */
export function fieldIssues<Key extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<Key, string>> {
  const found: Partial<Record<Key, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0] as Key | undefined;
    if (key && !found[key]) found[key] = issue.message;
  }
  return found;
}

/**
 * Saving a settings form: `save(send, shown)` sends, then `shown` puts the answer on the page
 * (the form as saved, the page reloaded) and answers the toast's words; a refusal, or no
 * answer, is kept in words for `SaveRefusal`. The form stays where it is, and the focus with it.
 */
export function useSettingsSave() {
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);

  async function save<Answer>(
    send: () => Promise<Answer>,
    shown: (answer: Answer) => string,
  ): Promise<void> {
    setSending(true);
    try {
      notify('success', shown(await send()));
    } catch (error) {
      setRefusal(failureMessage(error, 'load'));
    } finally {
      setSending(false);
    }
  }

  return { save, sending, refusal, setRefusal };
}

/** Why the save failed, announced as it appears. */
export function SaveRefusal({
  refusal,
  className = 'mt-3 text-sm font-medium text-danger',
}: {
  refusal: string | undefined;
  className?: string;
}) {
  if (!refusal) return null;
  return (
    <p role="alert" className={className}>
      {refusal}
    </p>
  );
}
