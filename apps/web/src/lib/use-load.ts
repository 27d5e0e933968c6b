import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { failureMessage, type CallKind } from './api-client.ts';

/*
 * The one way a screen loads what it shows (ADR 017): `useLoad` for an answer, `useCursorPages`
 * for a list that comes a page at a time. A screen decides what to show from the same four
 * fields: the answer, why the last try failed, that failure itself, and whether a try is on its
 * way (an answer is kept while it is asked for again, so a screen may keep showing it).
 */

/** What a load has to show. */
export interface Loaded<T> {
  /** The last answer for these inputs; kept while asked again, never another input's. */
  data: T | undefined;
  /** Why the last try failed, in the product's words; kept until the next answer. */
  failure: string | undefined;
  /** That failure as thrown, for a screen that tells one kind from another (a 404). */
  error: unknown;
  /** A try for these inputs is on its way. */
  loading: boolean;
}

/** The last answer and the try it answers. */
export interface Answer<T> extends Omit<Loaded<T>, 'loading'> {
  key: string;
  attempt: number;
}

/** What to show for the inputs `key` at try `attempt`, the last answer being `answer`. */
export function shownAnswer<T>(
  answer: Answer<T> | undefined,
  key: string,
  attempt: number,
): Loaded<T> {
  if (answer?.key !== key) {
    return { data: undefined, failure: undefined, error: undefined, loading: true };
  }
  const { data, failure, error } = answer;
  return { data, failure, error, loading: answer.attempt !== attempt };
}

export interface LoadOptions<T> {
  /** Which product texts a failure is said in (`failureMessage`); `load` unless told. */
  kind?: CallKind;
  /** Called with each answer, while the screen that asked is still there. */
  onLoaded?: (data: T) => void;
  /** Called with each failure, likewise. */
  onFailed?: (failure: string, error: unknown) => void;
}

export interface Load<T> extends Loaded<T> {
  /** Asks again (after a change, or Try again); resolves once that answer is in. */
  reload: () => Promise<void>;
  /** Changes the answer shown (an action's own answer); nothing before the first answer. */
  set: (update: (data: T) => T) => void;
}

/**
 * Calls `load` when the screen opens and again whenever `inputs` change (compared as JSON): a
 * late answer to older inputs is dropped, and a screen that is gone is not called back.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  inputs: readonly unknown[] = [],
  options: LoadOptions<T> = {},
): Load<T> {
  const key = JSON.stringify(inputs);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>();
  /** Who waits on `reload`: answered with the try that follows. */
  const waiting = useRef<(() => void)[]>([]);

  const ask = useEffectEvent(load);
  const loaded = useEffectEvent((data: T) => options.onLoaded?.(data));
  const failed = useEffectEvent((error: unknown) => {
    const failure = failureMessage(error, options.kind ?? 'load');
    options.onFailed?.(failure, error);
    return failure;
  });

  useEffect(() => {
    let live = true;
    const answered = waiting.current.splice(0);
    ask()
      .then(
        (data) => {
          if (!live) return;
          setAnswer({ key, attempt, data, failure: undefined, error: undefined });
          loaded(data);
        },
        (error: unknown) => {
          if (!live) return;
          const failure = failed(error);
          setAnswer((last) => ({
            key,
            attempt,
            data: last?.key === key ? last.data : undefined,
            failure,
            error,
          }));
        },
      )
      .finally(() => answered.forEach((done) => done()));
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const reload = useCallback(
    () =>
      new Promise<void>((done) => {
        waiting.current.push(done);
        setAttempt((n) => n + 1);
      }),
    [],
  );
  const set = useCallback(
    (update: (data: T) => T) =>
      setAnswer((last) =>
        last?.key === key && last.data !== undefined ? { ...last, data: update(last.data) } : last,
      ),
    [key],
  );
  return { ...shownAnswer(answer, key, attempt), reload, set };
}

/** A page of a list whose next page starts after `nextBefore` (null: the last page). */
export interface CursorPage<T> {
  items: T[];
  nextBefore: string | null;
  /** How many the whole list holds, where the server counts them. */
  total?: number;
}

/** The pages so far with the next one after them: its cursor and count are the newest. */
export function appendPage<T>(pages: CursorPage<T>, next: CursorPage<T>): CursorPage<T> {
  return { ...next, items: [...pages.items, ...next.items] };
}

export interface CursorPages<T> {
  items: T[];
  nextBefore: string | null;
  total: number | undefined;
  loading: boolean;
  failure: string | undefined;
  /** The next page; after a failure, the page that failed. */
  loadMore: () => void;
}

/**
 * A list a page at a time under `inputs`: the first page at once, the next on `loadMore`, each
 * after the ones before.
 */
export function useCursorPages<T>(
  fetchPage: (before: string | undefined) => Promise<CursorPage<T>>,
  inputs: readonly unknown[] = [],
): CursorPages<T> {
  const key = JSON.stringify(inputs);
  const first = useLoad(() => fetchPage(undefined), inputs);
  // The try for a page after the first, for these inputs.
  const [more, setMore] = useState<{ key: string; loading: boolean; failure?: string }>();
  const next = more?.key === key ? more : undefined;
  const loading = first.loading || next?.loading === true;

  const loadMore = () => {
    if (loading) return;
    const before = first.data?.nextBefore;
    if (!before) {
      void first.reload();
      return;
    }
    setMore({ key, loading: true, failure: next?.failure });
    fetchPage(before).then(
      (page) => {
        first.set((pages) => appendPage(pages, page));
        setMore({ key, loading: false });
      },
      (error: unknown) => setMore({ key, loading: false, failure: failureMessage(error, 'load') }),
    );
  };

  return {
    items: first.data?.items ?? [],
    nextBefore: first.data?.nextBefore ?? null,
    total: first.data?.total,
    loading,
    failure: next?.failure ?? first.failure,
    loadMore,
  };
}
