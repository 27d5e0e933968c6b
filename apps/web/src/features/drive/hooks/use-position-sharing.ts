import { useEffect, useRef } from 'react';
import type { DriveRide } from '@app/shared';
import { reportPosition } from '../api/drive.ts';

/** A position a minute is enough for "where is my car" and spares the phone's battery. */
const REPORT_EVERY_MS = 60_000;

/** The ride the car is on its way to or waiting at, whose customer may be told where it is. */
function rideUnderway(rides: readonly DriveRide[]): DriveRide | undefined {
  return rides.find(
    (ride) =>
      ride.status === 'paid' && (ride.tripStatus === 'on_my_way' || ride.tripStatus === 'arrived'),
  );
}

/**
 * While one of the sheet's rides is on the way or arrived, the device's position goes to it at
 * most once a minute; nothing is watched otherwise (the server keeps it only then, too).
 * A refusal of the location permission, or no signal, only means no position.
 */
export function usePositionSharing(rides: readonly DriveRide[] | undefined): void {
  const rideId = rideUnderway(rides ?? [])?.id;
  const lastSent = useRef(0);
  useEffect(() => {
    if (!rideId || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        const now = Date.now();
        if (now - lastSent.current < REPORT_EVERY_MS) return;
        lastSent.current = now;
        // No signal, or the ride moved on: the next minute's position tries again.
        reportPosition(rideId, { latitude: coords.latitude, longitude: coords.longitude }).catch(
          () => undefined,
        );
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [rideId]);
}
