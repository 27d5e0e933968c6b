/** The car models a service can be, in the order the filters show them. */
export const CAR_MODELS = ['Tesla', 'Honda', 'Toyota', 'Kia', 'Chevrolet'] as const;

export type CarModel = (typeof CAR_MODELS)[number];

export function isCarModel(value: string): value is CarModel {
  return (CAR_MODELS as readonly string[]).includes(value);
}
