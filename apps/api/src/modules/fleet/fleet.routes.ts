import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CarInputSchema,
  MESSAGE_PHOTO_TOO_LARGE,
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
import { toFleetCar } from './fleet-car.ts';
import { listFleet } from './list-fleet.ts';
import { retireCar } from './retire-car.ts';
import { savePhoto } from './save-photo.ts';
import { updateCar } from './update-car.ts';

export const MESSAGE_PHOTO_NOT_MULTIPART =
  'Send the photo as a file in a multipart form (multipart/form-data).';
export const MESSAGE_PHOTO_MISSING = 'Choose a photo to upload.';
export const MESSAGE_PHOTO_ONE_FILE = 'Send one photo at a time.';

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
  const changed = (message: string, row: Parameters<typeof toFleetCar>[0]): FleetCarResponse => {
    onServiceChanged();
    return { success: true, message, car: toFleetCar(row) };
  };

  app.get('/api/admin/fleet', owner, async (_request, reply): Promise<FleetResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, cars: (await listFleet(db)).map(toFleetCar) };
  });

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
          throw AppError.unsupportedMediaType(MESSAGE_PHOTO_NOT_MULTIPART);
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
      if (bytes) throw AppError.payloadTooLarge(MESSAGE_PHOTO_ONE_FILE);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.payloadTooLarge(MESSAGE_PHOTO_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw AppError.payloadTooLarge(MESSAGE_PHOTO_ONE_FILE);
    }
    throw AppError.badRequest(MESSAGE_PHOTO_MISSING);
  }
  if (!bytes || bytes.length === 0) throw AppError.badRequest(MESSAGE_PHOTO_MISSING);
  return bytes;
}
