import { useId, type ReactNode } from 'react';
import { TIP_PERCENTS } from '@app/shared';
import { FieldError, inputClass } from '../../../components/ui/form-field.tsx';
import { money } from '../../../lib/money.ts';

export type TipPick = '15' | '20' | '25' | 'other' | 'none';

const option =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3.5 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-tint has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand';

/**
 * The tip as a group of native radio buttons (arrow keys move between them): each offered
 * percentage with what it comes to, another amount in dollars, or none.
 */
export function TipChooser({
  tips,
  pick,
  onPick,
  other,
  onOther,
  otherError,
  otherId,
  disabled,
}: {
  tips: Record<(typeof TIP_PERCENTS)[number], number>;
  pick: TipPick | undefined;
  onPick: (pick: TipPick) => void;
  other: string;
  onOther: (text: string) => void;
  otherError: string | undefined;
  /** The other amount's input, for the form to move focus to when it is wrong. */
  otherId: string;
  disabled: boolean;
}) {
  const name = useId();
  const errorId = `${name}-other-error`;
  // Each offered percentage with its dollars, then another amount, then none.
  const choices: { value: TipPick; label: ReactNode }[] = [
    ...TIP_PERCENTS.map((percent) => ({
      value: String(percent) as TipPick,
      label: (
        <>
          {percent} % <span className="text-ink-muted">({money(tips[percent])})</span>
        </>
      ),
    })),
    { value: 'other', label: 'Another amount' },
    { value: 'none', label: 'No tip' },
  ];
  return (
    <fieldset disabled={disabled}>
      <legend className="text-lg font-bold text-brand">Add a tip for your chauffeur</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {choices.map(({ value, label }) => (
          <label key={value} className={option}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={pick === value}
              onChange={() => onPick(value)}
              className="size-5 accent-brand"
            />
            <span className="text-ink">{label}</span>
          </label>
        ))}
      </div>
      {pick === 'other' ? (
        <div className="mt-3 max-w-xs">
          <label htmlFor={otherId} className="block text-sm font-semibold text-ink">
            Tip in dollars
          </label>
          <input
            id={otherId}
            inputMode="decimal"
            autoComplete="off"
            value={other}
            onChange={(event) => onOther(event.target.value)}
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherError ? errorId : undefined}
            className={`mt-1.5 ${inputClass}${otherError ? ' border-danger' : ''}`}
          />
          <FieldError id={errorId} message={otherError} />
        </div>
      ) : null}
    </fieldset>
  );
}
