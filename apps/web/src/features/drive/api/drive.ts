import type {
  ChauffeurBillLineRequest,
  DriveRideResponse,
  DriveRidesResponse,
  Position,
  TripStatus,
  TripTapRequest,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** A chauffeur's day sheet (`/api/drive/…`): only the rides they drive (anyone else's is 404). */

const ridePath = (id: string) => `/drive/rides/${encodeURIComponent(id)}`;

export const getDriveRides = () => api.get<DriveRidesResponse>('/drive/rides');

/** The ride's next status; a retry with the same `tapKey` records once. */
export const tapTrip = (id: string, tap: TripTapRequest) =>
  api.post<DriveRideResponse>(`${ridePath(id)}/status`, tap);

/** Takes back the ride's last tap, within a minute of it. */
export const undoTrip = (id: string, status: TripStatus) =>
  api.post<DriveRideResponse>(`${ridePath(id)}/undo`, { status });

/** Where the car is, while on the way or arrived. */
export const reportPosition = (id: string, position: Position) =>
  api.post<{ success: true }>(`${ridePath(id)}/position`, position);

/** A toll or parking paid on the road, onto the done ride's drafted bill. */
export const addBillLine = (id: string, line: ChauffeurBillLineRequest) =>
  api.post<DriveRideResponse>(`${ridePath(id)}/bill-lines`, line);
