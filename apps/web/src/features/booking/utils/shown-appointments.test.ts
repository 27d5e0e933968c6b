import { describe, expect, it } from 'vitest';
import type { AppointmentView } from '@app/shared';
import { pickShownAppointments } from './shown-appointments.ts';

function appointment(id: string, payment: boolean): AppointmentView {
  return {
    _id: id,
    serviceData: { image: '/images/cars/kia-k5.svg', name: 'Kia K5', address: 'Norfolk, MA' },
    type: 'Airport transfer',
    slotDate: '26_11_2026',
    slotTime: '10:30 AM',
    payment,
    cancelled: false,
    isCompleted: false,
    trip: {
      pickupAddress: '1 Main St',
      dropoffAddress: 'Logan Airport',
      returnRide: null,
      isReturnLeg: false,
    },
  };
}

const ids = (list: AppointmentView[]) => list.map((item) => item._id);

describe('pickShownAppointments', () => {
  it('shows the two most recently booked paid appointments, newest first', () => {
    const all = [
      appointment('a', true),
      appointment('b', true),
      appointment('c', false),
      appointment('d', true),
      appointment('e', false),
    ];
    expect(ids(pickShownAppointments(all))).toEqual(['d', 'b']);
  });

  it('shows fewer when fewer are paid, and none when none is', () => {
    expect(ids(pickShownAppointments([appointment('a', false), appointment('b', true)]))).toEqual([
      'b',
    ]);
    expect(pickShownAppointments([appointment('a', false)])).toEqual([]);
    expect(pickShownAppointments([])).toEqual([]);
  });

  it('leaves the list it was given as it was', () => {
    const all = [appointment('a', true), appointment('b', true), appointment('c', true)];
    pickShownAppointments(all);
    expect(ids(all)).toEqual(['a', 'b', 'c']);
  });
});
