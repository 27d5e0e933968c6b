import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { services, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { CAR_NOT_FOUND_MESSAGE, carToChange, type ServiceRow } from './fleet-car.ts';
import { makePhotoRenditions } from './make-photo-renditions.ts';

/**
 * Encoding AVIF takes a core for a second or two: photos are made one at a time, so a burst of
 * uploads queues rather than starves the requests of the site.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Makes a car's photo from the uploaded bytes and makes it the car's: the renditions are
 * written under `uploadsDir` first (each file whole, by a rename), then the car's `photo` and
 * its `service.updated` event in one transaction. The previous photo's files stay: pages
 * already in visitors' caches may still name them.
 */
export async function savePhoto(
  db: Database,
  serviceId: string,
  bytes: Buffer,
  options: { uploadsDir: string; actor: AuditActor; now: Date },
): Promise<ServiceRow> {
  await carToChange(db, serviceId);
  const { photo, renditions } = await oneAtATime(() => makePhotoRenditions(bytes));
  await mkdir(options.uploadsDir, { recursive: true });
  for (const rendition of renditions) {
    const temporary = join(options.uploadsDir, `.${rendition.file}.${randomUUID()}.tmp`);
    await writeFile(temporary, rendition.bytes);
    await rename(temporary, join(options.uploadsDir, rendition.file));
  }

  return db.transaction(async (tx) => {
    const current = await carToChange(tx, serviceId, true);
    const [row] = await tx
      .update(services)
      .set({ photo })
      .where(eq(services.id, serviceId))
      .returning();
    if (!row) throw AppError.notFound(CAR_NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'service.updated',
      at: options.now,
      serviceId,
      before: { photo: current.photo ?? null },
      after: { photo },
    });
    return row;
  });
}
