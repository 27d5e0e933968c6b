import {
  BILL_STATUS_LABELS,
  businessToday,
  formatDaySpoken,
  formatSlotDateLong,
  parseSlotDateKey,
  RIDE_STATUS_LABELS,
  RIDE_STATUSES,
  type AppointmentStatus,
  type BillStatus,
  type CalendarDate,
  type RideBill,
  type RideStatus,
} from '@app/shared';
import { money } from '../../../lib/money.ts';

/** The Rides screen's views: a list by day, or one day or seven drawn across the cars. */
export const RIDE_VIEWS = ['agenda', 'day', 'week'] as const;
export type RideView = (typeof RIDE_VIEWS)[number];
const isView = (value: string | null): value is RideView =>
  (RIDE_VIEWS as readonly (string | null)[]).includes(value);

/** The Rides screen's state, all of it in the address (so a view can be linked and reloaded). */
export interface RideScreenState {
  view: RideView;
  from: string;
  to: string;
  serviceId: string;
  status: RideStatus | '';
  q: string;
  page: number;
  /** The ride opened, if any (`?ride=`). */
  ride: string;
}

const isStatus = (value: string): value is RideStatus =>
  (RIDE_STATUSES as readonly string[]).includes(value);

export function readScreenState(search: string): RideScreenState {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  const view = params.get('view');
  return {
    view: isView(view) ? view : 'agenda',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    serviceId: params.get('serviceId') ?? '',
    status: isStatus(status) ? status : '',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ride: params.get('ride') ?? '',
  };
}

/** `/rides?…` for a state: only what differs from the defaults is written. */
export function screenPath(state: Partial<RideScreenState>): string {
  const params = new URLSearchParams();
  if (state.view && state.view !== 'agenda') params.set('view', state.view);
  for (const name of ['from', 'to', 'serviceId', 'status', 'q', 'ride'] as const) {
    const value = state[name];
    if (value) params.set(name, value);
  }
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/rides${text ? `?${text}` : ''}`;
}

/** `2026-11-25` of a calendar day. */
function isoOf({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today in New York as `2026-11-25`. */
export function todayIso(now: Date = new Date()): string {
  return isoOf(businessToday(now));
}

/** `2026-11-25` (a date input's value) of a `25_11_2026` slot day; empty for none. */
export function isoOfSlotKey(slotDate: string): string {
  const date = parseSlotDateKey(slotDate);
  return date ? isoOf(date) : '';
}

/** `2026-11-25` plus days. */
export function addDaysIso(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `d_m_yyyy` of a `2026-11-25` day. */
export function slotKeyOfIso(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day}_${month}_${year}`;
}

/** `Tuesday, December 1, 2026`. */
export function formatDayHeading(slotDate: string): string {
  const date = parseSlotDateKey(slotDate);
  if (!date) return slotDate;
  return `${formatDaySpoken(date).split(',')[0]}, ${formatSlotDateLong(slotDate)}`;
}

export function statusLabel(status: AppointmentStatus): string {
  return status === 'expired' ? 'Expired hold' : RIDE_STATUS_LABELS[status];
}

/** Colours of each status's badge (text on a tint, AA contrast). */
export const STATUS_BADGE: Readonly<Record<AppointmentStatus, string>> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-sky-100 text-sky-900',
  cancelled: 'bg-rose-100 text-rose-900',
  no_show: 'bg-zinc-200 text-zinc-900',
  expired: 'bg-zinc-100 text-zinc-800',
};

/** Colours of each bill state's badge: what waits on the owner or the customer stands out. */
export const BILL_BADGE: Readonly<Record<BillStatus, string>> = {
  draft: 'bg-amber-100 text-amber-900',
  sent: 'bg-sky-100 text-sky-900',
  charging: 'bg-sky-100 text-sky-900',
  paid: 'bg-emerald-100 text-emerald-900',
  payment_due: 'bg-rose-100 text-rose-900',
  settled: 'bg-emerald-100 text-emerald-900',
};

/** A bill's state as the board says it, with what the payment link asks while it is due. */
export function billLabel(bill: RideBill): string {
  const label = BILL_STATUS_LABELS[bill.status];
  return bill.dueCents === null ? label : `${label}: ${money(bill.dueCents)}`;
}

/** `$66.00`. */
export function formatDeposit(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
