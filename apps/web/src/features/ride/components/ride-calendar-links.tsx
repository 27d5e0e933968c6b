import { CalendarPlus, Download } from 'lucide-react';
import type { RideView } from '@app/shared';
import { API_BASE } from '../../../config/env.ts';
import { calendarFileUrl } from '../api/ride.ts';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold text-brand transition-colors hover:bg-brand-tint';

/**
 * The ride in the customer's calendar: the `.ics` file (the same entry the confirmation
 * attached, so a calendar that took it updates it) and Google Calendar's own form.
 */
export function RideCalendarLinks({ ride }: { ride: RideView }) {
  if (!ride.googleCalendarUrl) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <a href={`${API_BASE}${calendarFileUrl(ride.id)}`} download="ride.ics" className={linkClass}>
        <Download aria-hidden="true" className="size-4" />
        Download to your calendar (.ics)
      </a>
      <a
        href={ride.googleCalendarUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to Google Calendar
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
