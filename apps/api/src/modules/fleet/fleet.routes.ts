import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CarAvailabilitySchema,
  CarInputSchema,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_MAX_BYTES,
  ServiceIdSchema,
  type FleetCarResponse,
  type FleetResponse,
} from '@app/shared';
import type { Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { addCar } from './add-car.ts';
import { ridesAheadOf, toFleetCar } from './fleet-car.ts';
import { listFleet } from './list-fleet.ts';
import { retireCar } from './retire-car.ts';
import { savePhoto } from './save-photo.ts';
import { setCarAvailability } from './set-car-availability.ts';
import { updateCar } from './update-car.ts';

export const PHOTO_NOT_MULTIPART_MESSAGE =
  'Send the photo as a file in a multipart form (multipart/form-data).';
export const PHOTO_MISSING_MESSAGE = 'Choose a photo to upload.';
export const PHOTO_ONE_FILE_MESSAGE = 'Send one photo at a time.';

export interface FleetRouteDeps {
  db: Database;
  /** Where the photos' renditions are written (served by plugins/uploads.ts). */
  uploadsDir: string;
  /** Called after every committed change of a car: the service list and pages follow it. */
  onServiceChanged: () => void;
  now: () => Date;
}

type WithCar = { Params: { serviceId: string } };

/** The owner's fleet: every car, adding, changing and retiring one, and its photo. */
export async function registerFleetRoutes(
  app: FastifyInstance,
  deps: FleetRouteDeps,
): Promise<void> {
  const { db, onServiceChanged, now } = deps;
  const owner = { config: { auth: 'owner' } } as const;
  const actorOf = (request: FastifyRequest) => ownerActor(db, signedInUser(request).id);
  const changed = async (
    message: string,
    row: Parameters<typeof toFleetCar>[0],
  ): Promise<FleetCarResponse> => {
    onServiceChanged();
    const ahead = await ridesAheadOf(db, now(), row.id);
    return { success: true, message, car: toFleetCar(row, ahead.get(row.id) ?? 0) };
  };
  const ridesPhrase = (n: number) => (n === 1 ? '1 upcoming ride' : `${n} upcoming rides`);

  app.get('/api/admin/fleet', owner, async (_request, reply): Promise<FleetResponse> => {
    reply.header('cache-control', 'no-store');
    const [rows, ahead] = await Promise.all([listFleet(db), ridesAheadOf(db, now())]);
    return { success: true, cars: rows.map((row) => toFleetCar(row, ahead.get(row.id) ?? 0)) };
  });

  app.post<WithCar>(
    '/api/admin/fleet/:serviceId/availability',
    owner,
    async (request): Promise<FleetCarResponse> => {
      const serviceId = ServiceIdSchema.parse(request.params.serviceId);
      const { available } = CarAvailabilitySchema.parse(request.body);
      const row = await setCarAvailability(db, serviceId, available, {
        actor: await actorOf(request),
        now: now(),
      });
      const response = await changed('', row);
      const rides = response.car.ridesAhead;
      response.message = available
        ? `${row.name} is on the road: customers can book it.`
        : `${row.name} is off the road: customers cannot book it.${rides ? ` Its ${ridesPhrase(rides)} ${rides === 1 ? 'is' : 'are'} kept as booked.` : ''}`;
      return response;
    },
  );

  app.post('/api/admin/fleet/add-car', owner, async (request): Promise<FleetCarResponse> => {
    const input = CarInputSchema.parse(request.body);
    const row = await addCar(db, input, { actor: await actorOf(request), now: now() });
    return changed(`${row.name} is added to the site.`, row);
  });

  app.post<WithCar>(
    '/api/admin/fleet/:serviceId/update-car',
    owner,
    async (request): Promise<FleetCarResponse> => {
      const serviceId = ServiceIdSchema.parse(request.params.serviceId);
      const input = CarInputSchema.parse(request.body);
      const row = await updateCar(db, serviceId, input, {
        actor: await actorOf(request),
        now: now(),
      });
      return changed(`${row.name} is saved.`, row);
    },
  );

  app.post<WithCar>(
    '/api/admin/fleet/:serviceId/retire-car',
    owner,
    async (request): Promise<FleetCarResponse> => {
      const serviceId = ServiceIdSchema.parse(request.params.serviceId);
      const { row, ridesAhead } = await retireCar(db, serviceId, {
        actor: await actorOf(request),
        now: now(),
      });
      const rides =
        ridesAhead === 0
          ? ''
          : ` It still has ${ridesAhead} ride${ridesAhead === 1 ? '' : 's'} ahead, kept as booked.`;
      return changed(`${row.name} is retired: it is no longer on the site.${rides}`, row);
    },
  );

  // Multipart is read by this route alone: everywhere else a body is JSON.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    scope.post<WithCar>(
      '/api/admin/fleet/:serviceId/photo',
      owner,
      async (request): Promise<FleetCarResponse> => {
        const serviceId = ServiceIdSchema.parse(request.params.serviceId);
        if (!request.isMultipart())
          throw AppError.unsupportedMediaType(PHOTO_NOT_MULTIPART_MESSAGE);
        const bytes = await uploadedFile(request);
        const row = await savePhoto(db, serviceId, bytes, {
          uploadsDir: deps.uploadsDir,
          actor: await actorOf(request),
          now: now(),
        });
        return changed(`The photo of ${row.name} is on the site.`, row);
      },
    );
  });
}

/** The one file of the form, whole; multipart's own errors in the owner's words. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    // Every part is read: a second file is refused, not silently dropped.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (bytes) throw AppError.payloadTooLarge(PHOTO_ONE_FILE_MESSAGE);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.payloadTooLarge(PHOTO_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw AppError.payloadTooLarge(PHOTO_ONE_FILE_MESSAGE);
    }
    throw AppError.badRequest(PHOTO_MISSING_MESSAGE);
  }
  if (!bytes || bytes.length === 0) throw AppError.badRequest(PHOTO_MISSING_MESSAGE);
  return bytes;
}
