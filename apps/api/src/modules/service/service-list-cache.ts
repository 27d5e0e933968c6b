import type { Database } from '@app/db';
import type { PublicReviews, Service, ServiceListResponse } from '@app/shared';
import { encodedBody, type EncodedBody } from '../../http/encoded-body.ts';
import { listPublicReviews } from '../reviews/list-public-reviews.ts';
import { listServices } from './list-services.ts';

/** One load of the list. A new load is a new object: what is made from it can be kept with it. */
export interface ServiceList {
  services: Service[];
  /**
   * The reviews the site shows (`modules/reviews`), loaded with the list: the live pages
   * rendered from a load show its reviews, and a review's change invalidates the load.
   */
  reviews: PublicReviews;
  /** The `GET /service/list` answer, serialized once per load. */
  body: EncodedBody;
}

function serviceListOf(services: Service[], reviews: PublicReviews): ServiceList {
  const answer: ServiceListResponse = { success: true, services };
  return { services, reviews, body: encodedBody(JSON.stringify(answer)) };
}

export interface ServiceListCache {
  get(): Promise<ServiceList>;
  /** Called after anything that changes a service or takes or frees a slot. */
  invalidate(): void;
}

/**
 * The service list is read by every visitor and changes only when a slot is taken or freed, so
 * its serialized answer is kept in memory. This instance's own writes invalidate it at once;
 * writes made by other instances show up within `maxAgeMs` (the database's unique index, not
 * this list, is what prevents double booking). Concurrent misses share one query.
 */
export function createServiceListCache(
  db: Database,
  options: { maxAgeMs: number; now: () => Date },
): ServiceListCache {
  let cached: { list: ServiceList; at: number } | undefined;
  let pending: Promise<ServiceList> | undefined;
  let generation = 0;

  const load = () => {
    const startedGeneration = generation;
    const at = Date.now();
    const promise = Promise.all([listServices(db, options.now()), listPublicReviews(db)])
      .then(([services, reviews]) => {
        const list = serviceListOf(services, reviews);
        if (startedGeneration === generation) cached = { list, at };
        return list;
      })
      .finally(() => {
        if (pending === promise) pending = undefined;
      });
    pending = promise;
    return promise;
  };

  return {
    get() {
      if (cached && Date.now() - cached.at < options.maxAgeMs) return Promise.resolve(cached.list);
      return pending ?? load();
    },
    invalidate() {
      generation++;
      cached = undefined;
      pending = undefined;
    },
  };
}
