import { useCallback, useState } from 'react';
import { DriveRidesResponseSchema, type DriveRide, type DriveRidesResponse } from '@app/shared';
import { useLoad } from '../../../lib/use-load.ts';
import { useRefreshWhileSeen } from '../../../lib/use-refresh-while-seen.ts';
import { isOffline, readOfflineCopy, writeOfflineCopy } from '../../../lib/offline-copy.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { getDriveRides } from '../api/drive.ts';
import { DaySheet } from './day-sheet.tsx';

const COPY_KEY = 'drive-sheet';
/** Rides the owner gives or moves reach the sheet within a minute while it is open. */
const REFRESH_EVERY_MS = 60_000;

/** The sheet could not be read (the network, the server): why, and Try again. */
function SheetUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold text-brand">Your rides did not load</h1>
      <p className="mt-2 text-ink-muted">{message}</p>
      <button type="button" onClick={onRetry} className={`${buttonSecondary} mt-6`}>
        Try again
      </button>
    </div>
  );
}

/** The sheet this device kept, if it is one (a copy from an older version is not). */
export function keptSheet(): DriveRidesResponse | undefined {
  const copy = DriveRidesResponseSchema.safeParse(readOfflineCopy(COPY_KEY));
  return copy.success ? copy.data : undefined;
}

/** The device's copy with no signal, or what to say when there is none. */
export function OfflineSheet({ onRetry }: { onRetry: () => void }) {
  const kept = keptSheet();
  if (!kept) {
    return (
      <SheetUnavailable
        message="No signal, and no copy of your rides on this device yet."
        onRetry={onRetry}
      />
    );
  }
  return (
    <DaySheet
      sheet={{ ...kept, offline: true }}
      refreshing={false}
      onRefresh={onRetry}
      onChanged={() => undefined}
    />
  );
}

/**
 * The signed-in chauffeur's sheet: loaded at once, again every minute while the page is seen,
 * and kept on the device after each answer so it still shows with no signal.
 */
export function DriveSheet() {
  const sheet = useLoad(getDriveRides, [], {
    onLoaded: (answer) => writeOfflineCopy(COPY_KEY, answer),
  });
  const { reload } = sheet;
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(() => {
    setRefreshing(true);
    void reload().finally(() => setRefreshing(false));
  }, [reload]);

  useRefreshWhileSeen(reload, REFRESH_EVERY_MS);

  const changed = (ride: DriveRide) =>
    sheet.set((shown) => {
      const next = { ...shown, rides: shown.rides.map((r) => (r.id === ride.id ? ride : r)) };
      writeOfflineCopy(COPY_KEY, next);
      return next;
    });

  if (sheet.failure && isOffline(sheet.error)) return <OfflineSheet onRetry={refresh} />;
  if (!sheet.data) {
    if (sheet.loading) return <PageLoading inPage />;
    return <SheetUnavailable message={sheet.failure ?? ''} onRetry={refresh} />;
  }
  return (
    <DaySheet
      sheet={{ ...sheet.data, offline: false }}
      refreshing={refreshing}
      onRefresh={refresh}
      onChanged={changed}
    />
  );
}
