import { useLocation, useSearch } from 'wouter';
import { useCatalogue } from '../../state/catalogue.tsx';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { AuditEventList } from '../../features/admin-audit/components/audit-event-list.tsx';
import { AuditFilterForm } from '../../features/admin-audit/components/audit-filters.tsx';
import type { AuditFilters } from '../../features/admin-audit/api/audit.ts';

/**
 * /admin/audit?serviceId=&ride=: who changed what, newest first. The filters live in the
 * address, so another screen can link to a car's or a ride's trail; `ride` is a booking
 * reference or a ride's id, and the rides board's `?appointmentId=` link is read as one too.
 */
export default function AuditScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { services } = useCatalogue();
  const params = new URLSearchParams(search);
  const filters: AuditFilters = {
    serviceId: params.get('serviceId') ?? '',
    ride: params.get('ride') ?? params.get('appointmentId') ?? '',
  };

  const apply = (next: AuditFilters) => {
    const query = new URLSearchParams();
    if (next.serviceId) query.set('serviceId', next.serviceId);
    if (next.ride) query.set('ride', next.ride);
    const text = query.toString();
    navigate(`/audit${text ? `?${text}` : ''}`);
  };

  return (
    <>
      <ConsoleHeading title="Audit">
        Who changed what, newest first: owners added and removed, sign-in set-ups, and every change
        to rides and cars. Times are New York time.
      </ConsoleHeading>
      <AuditFilterForm
        key={`filters|${filters.serviceId}|${filters.ride}`}
        value={filters}
        services={services}
        onApply={apply}
      />
      <AuditEventList key={`events|${filters.serviceId}|${filters.ride}`} filters={filters} />
    </>
  );
}
