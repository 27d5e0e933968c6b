/** The car makes a service can be (the API's `type`), in the order the filters show them. */
export const CAR_MAKES = ['Tesla', 'Honda', 'Toyota', 'Kia', 'Chevrolet'] as const;

export type CarMake = (typeof CAR_MAKES)[number];

export function isCarMake(value: string): value is CarMake {
  return (CAR_MAKES as readonly string[]).includes(value);
}
