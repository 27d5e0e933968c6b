import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS, rideEnd, slotStartsAt } from '@app/shared';
import { googleCalendarLink, rideCalendar, type CalendarRide } from './ride-calendar.ts';

const SETTINGS = { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' };
const ATTENDEE = { name: 'Ann Rider', email: 'ann@example.com' };
const STAMP = new Date('2026-02-01T12:00:00Z');

const rideAt = (dateKey: string, time: string, sequence = 0, lengthMinutes = 60): CalendarRide => ({
  id: '6d1c9b7e-1f0e-4a63-9f3e-2d3a4b5c6d7e',
  slotStart: slotStartsAt(dateKey, time) as Date,
  endsAt: rideEnd(slotStartsAt(dateKey, time) as Date, lengthMinutes),
  sequence,
  carName: 'Tesla Model S',
  pickupAddress: '1 Main Street, Norfolk, MA',
  dropoffAddress: 'Logan Airport, Boston, MA',
});

function parse(text: string) {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return {
    event: events[0] as VEvent,
    calendar: parsed.vcalendar as unknown as { method?: string },
  };
}

describe('a ride as an iCalendar file', () => {
  // The Sunday clocks spring forward (2 AM EST becomes 3 AM EDT) and the Sunday they fall back.
  it.each([
    ['the day before spring forward', '7_3_2026', '9:30 AM', '2026-03-07T14:30:00.000Z'],
    ['the morning clocks spring forward', '8_3_2026', '9:30 AM', '2026-03-08T13:30:00.000Z'],
    ['the night before clocks fall back', '31_10_2026', '11:30 PM', '2026-11-01T03:30:00.000Z'],
    ['the morning clocks fall back', '1_11_2026', '9:30 AM', '2026-11-01T14:30:00.000Z'],
  ])('puts a pickup on %s at its New York time', (_label, date, time, instant) => {
    const ride = rideAt(date, time);
    expect(ride.slotStart.toISOString()).toBe(instant);
    const text = rideCalendar(ride, {
      ...SETTINGS,
      method: 'request',
      attendee: ATTENDEE,
      stamp: STAMP,
    });
    const { event, calendar } = parse(text);
    expect(calendar.method).toBe('REQUEST');
    expect(event.start.toISOString()).toBe(instant);
    expect(event.start.tz).toBe('America/New_York');
    // DTEND is the end of the booked length, in elapsed time.
    expect((event.end as Date).getTime() - event.start.getTime()).toBe(60 * 60_000);
    expect(event.uid).toBe(`ride-${ride.id}@rides.example.com`);
    expect(String(event.sequence)).toBe('0');
    // The file carries the zone's rules, so a calendar without its own tz database reads it right.
    expect(text).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/New_York/);
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
    expect(text).toMatch(/DTSTAMP:20260201T120000Z/);
  });

  it('keeps the UID across a reschedule, raises the SEQUENCE, and cancels the same entry', () => {
    const first = parse(
      rideCalendar(rideAt('7_3_2026', '9:30 AM'), {
        ...SETTINGS,
        method: 'request',
        attendee: ATTENDEE,
        stamp: STAMP,
      }),
    );
    const moved = parse(
      rideCalendar(rideAt('8_3_2026', '9:30 AM', 1), {
        ...SETTINGS,
        method: 'request',
        attendee: ATTENDEE,
        stamp: STAMP,
      }),
    );
    const cancelled = parse(
      rideCalendar(rideAt('8_3_2026', '9:30 AM', 2), {
        ...SETTINGS,
        method: 'cancel',
        attendee: ATTENDEE,
        stamp: STAMP,
      }),
    );
    expect(moved.event.uid).toBe(first.event.uid);
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(String(moved.event.sequence)).toBe('1');
    expect(moved.event.start.toISOString()).toBe('2026-03-08T13:30:00.000Z');
    expect(cancelled.calendar.method).toBe('CANCEL');
    expect(cancelled.event.status).toBe('CANCELLED');
    expect(String(cancelled.event.sequence)).toBe('2');
  });

  it('escapes every text and quotes every name: quotes, commas, semicolons and newlines change nothing else', () => {
    // Each field carries what could end a value, start a parameter or a property, or a line.
    const hostile = (label: string) =>
      `${label} "Q", a; b\\c\nATTENDEE;CN=Evil:mailto:evil@example.com\r\nEND:VEVENT`;
    const business = {
      ...DEFAULT_BUSINESS,
      name: hostile('Biz'),
      phone: hostile('Phone'),
      email: 'desk;x@norfolkrides.com',
    };
    const ride = {
      ...rideAt('1_11_2026', '9:30 AM'),
      carName: hostile('Car'),
      pickupAddress: hostile('Pickup'),
      dropoffAddress: hostile('Dropoff'),
    };
    const text = rideCalendar(ride, {
      business,
      publicBaseUrl: SETTINGS.publicBaseUrl,
      method: 'request',
      attendee: { name: hostile('Ann'), email: 'ann;o@example.com' },
      stamp: STAMP,
    });

    // Lines of at most 75 octets, CRLF, unfolded into properties that are all the file's own.
    const octets = (line: string) => Buffer.byteLength(line, 'utf8');
    expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .filter(Boolean);
    const names = lines.map((line) => /^[A-Z-]+/.exec(line)?.[0]);
    expect(names.filter((name) => name === 'ATTENDEE')).toHaveLength(1);
    expect(names.filter((name) => name === 'END')).toEqual(
      lines.filter((line) => line.startsWith('END:')).map(() => 'END'),
    );
    expect(lines.filter((line) => /^(BEGIN|END):VEVENT$/.test(line))).toEqual([
      'BEGIN:VEVENT',
      'END:VEVENT',
    ]);
    // TEXT values: backslash, semicolon, comma and newline escaped (RFC 5545, 3.3.11).
    const escaped = (label: string) =>
      `${label} "Q"\\, a\\; b\\\\c\\nATTENDEE\\;CN=Evil:mailto:evil@example.com\\nEND:VEVENT`;
    const line = (name: string) => lines.find((l) => l.startsWith(`${name}:`));
    expect(line('PRODID')).toBe(`PRODID:-//${escaped('Biz')}//Rides//EN`);
    expect(line('SUMMARY')).toBe(`SUMMARY:${escaped('Biz')}: ${escaped('Car')}`);
    expect(line('LOCATION')).toBe(`LOCATION:${escaped('Pickup')}`);
    expect(line('DESCRIPTION')).toContain(
      `Pickup: ${escaped('Pickup')}\\nDrop-off: ${escaped('Dropoff')}`,
    );
    expect(line('DESCRIPTION')).toContain(`Questions: ${escaped('Phone')}`);
    // Parameters: always quoted, no DQUOTE or control character inside (3.1: QSAFE-CHAR); the
    // address is a URI, percent-encoded.
    const named = (label: string) =>
      `${label} 'Q', a; b\\c ATTENDEE;CN=Evil:mailto:evil@example.com END:VEVENT`;
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toBe(
      `ORGANIZER;CN="${named('Biz')}":mailto:desk%3Bx@norfolkrides.com`,
    );
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toBe(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;CN="${named('Ann')}":mailto:ann%3Bo@example.com`,
    );

    // A calendar reads back exactly what was written.
    const { event } = parse(text);
    const plain = (label: string) =>
      `${label} "Q", a; b\\c\nATTENDEE;CN=Evil:mailto:evil@example.com\nEND:VEVENT`;
    expect(event.summary).toBe(`${plain('Biz')}: ${plain('Car')}`);
    expect(event.location).toBe(plain('Pickup'));
    expect(event.description).toContain(`Drop-off: ${plain('Dropoff')}\n`);
    expect(event.start.toISOString()).toBe('2026-11-01T14:30:00.000Z');
  });

  it('links to Google Calendar over HTTPS with the pickup as UTC instants, shown in New York', () => {
    const link = new URL(googleCalendarLink(rideAt('1_11_2026', '9:30 AM'), SETTINGS));
    expect(link.protocol).toBe('https:');
    expect(link.hostname).toBe('calendar.google.com');
    expect(link.searchParams.get('action')).toBe('TEMPLATE');
    expect(link.searchParams.get('dates')).toBe('20261101T143000Z/20261101T153000Z');
    expect(link.searchParams.get('ctz')).toBe('America/New_York');
    expect(link.searchParams.get('location')).toBe('1 Main Street, Norfolk, MA');
  });
});
