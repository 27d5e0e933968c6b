import { useId, useRef, useState, type FormEvent } from 'react';
import type { AddChauffeurRequest, ChauffeursResponse } from '@app/shared';
import {
  FieldError,
  FieldLabel,
  hintClass,
  inputClass,
} from '../../../components/ui/form-field.tsx';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { addChauffeur } from '../api/chauffeurs.ts';
import {
  FIELDS,
  fieldOf,
  fieldProblems,
  type Field,
  type Problems,
} from '../utils/chauffeur-fields.ts';

const EMPTY: AddChauffeurRequest = { name: '', email: '', phone: '' };

/**
 * Adds a chauffeur: name, email and phone, checked with the server's `AddChauffeurSchema`
 * before sending (each problem under its field, the first one focused). The server's answer is
 * a toast, and the list it sends back is shown (`onAdded`); a refusal (an owner's address, or
 * an account that never confirmed its address: 409) is said above the button, the email field
 * marked.
 */
export function AddChauffeurForm({ onAdded }: { onAdded: (answer: ChauffeursResponse) => void }) {
  const [draft, setDraft] = useState<AddChauffeurRequest>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string>();
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const refusalId = `${id}-refusal`;

  const focus = (field: Field) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const set = (field: Field) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    if (field === 'email') setRefusal(undefined);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    const found = fieldProblems(draft);
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    setSending(true);
    try {
      const answer = await addChauffeur(draft);
      notify('success', answer.message ?? `${draft.name.trim()} is a chauffeur now.`);
      setDraft(EMPTY);
      onAdded(answer);
    } catch (error) {
      const message = failureMessage(error, 'load');
      const field =
        error instanceof ApiError && error.status === 400 ? fieldOf(message, draft) : undefined;
      if (field) {
        setProblems({ [field]: message });
        focus(field);
      } else {
        // Who the address belongs to (an owner, an unconfirmed account): said above the button.
        setRefusal(message);
        if (error instanceof ApiError && error.status === 409) focus('email');
      }
    } finally {
      setSending(false);
    }
  }

  const control = (field: Field, label: string, hint?: string) => {
    const controlId = `${id}-${field}`;
    const hintId = hint ? `${controlId}-hint` : undefined;
    const errorId = `${controlId}-error`;
    const problem = problems[field];
    // The refusal of an address is the email field's problem too.
    const refused = field === 'email' && refusal !== undefined;
    const describedBy = [hintId, problem ? errorId : null, refused ? refusalId : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <FieldLabel htmlFor={controlId} label={label} required />
        <input
          id={controlId}
          name={field}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          autoComplete="off"
          spellCheck={field === 'name' ? undefined : false}
          value={draft[field]}
          onChange={(event) => set(field)(event.target.value)}
          aria-required
          aria-invalid={problem || refused ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`mt-1.5 ${inputClass} ${problem || refused ? 'border-danger' : ''}`}
        />
        {hint ? (
          <p id={hintId} className={hintClass}>
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId} message={problem} />
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-card bg-surface p-4 shadow-card sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-semibold text-brand">
        Add a chauffeur
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        They get an email with a link to set their password, good for 24 hours; at their first
        sign-in they set up an authenticator app, as you did.
      </p>
      <div className="mt-4 space-y-4">
        {control('name', 'Name')}
        {control('email', 'Email')}
        {control('phone', 'Phone', '10 digits, e.g. 617-555-0142.')}
      </div>
      {refusal ? (
        <p
          id={refusalId}
          role="alert"
          className="mt-4 rounded-xl border border-danger/40 bg-danger-tint p-3 text-sm font-medium text-danger"
        >
          {refusal}
        </p>
      ) : null}
      <button type="submit" disabled={sending} className={`${buttonPrimary} mt-4 w-full sm:w-auto`}>
        {sending ? 'Adding…' : 'Add chauffeur'}
      </button>
    </form>
  );
}
