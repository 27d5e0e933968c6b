import { useLocation, useSearch } from 'wouter';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { FeedbackFilterForm } from '../../features/admin-feedback/components/feedback-filters.tsx';
import { FeedbackList } from '../../features/admin-feedback/components/feedback-list.tsx';
import type { FeedbackFilters } from '../../features/admin-feedback/api/feedback.ts';

const FIELDS = ['rating', 'mood', 'from', 'to'] as const;

/** /admin/feedback?rating=&mood=&from=&to=: what customers said, newest first. */
export default function FeedbackScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(
    FIELDS.map((field) => [field, params.get(field) ?? '']),
  ) as unknown as FeedbackFilters;
  const key = FIELDS.map((field) => filters[field]).join('|');

  const apply = (next: FeedbackFilters) => {
    const query = new URLSearchParams();
    for (const field of FIELDS) if (next[field]) query.set(field, next[field]);
    const text = query.toString();
    navigate(`/feedback${text ? `?${text}` : ''}`);
  };

  return (
    <>
      <ConsoleHeading title="Feedback">
        Every message customers sent, newest first, with its rating and mood. Authors are named only
        when they did not ask to stay anonymous. Dates are New York time.
      </ConsoleHeading>
      <FeedbackFilterForm key={`filters|${key}`} value={filters} onApply={apply} />
      <FeedbackList key={`list|${key}`} filters={filters} />
    </>
  );
}
