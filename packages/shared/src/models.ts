/** The car models a service can be, in the order the filters show them. */
export const CAR_MODELS = ['Tesla', 'Honda', 'Toyota', 'Kia', 'Chevrolet'] as const;

export type CarModel = (typeof CAR_MODELS)[number];

export function isCarModel(value: string): value is CarModel {
  return (CAR_MODELS as readonly string[]).includes(value);
}

/** The model the home page promotes at 20% off for a limited time. */
export const PROMOTED_MODEL: CarModel = 'Tesla';
export const PROMOTION_PERCENT = 20;
