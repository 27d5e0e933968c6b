import type { Service } from '@app/shared';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `5 seats, 3 bags`: what a car carries (catalogue fields), as a screen reader hears it. */
export function seatsAndBags({ seats, bags }: Pick<Service, 'seats' | 'bags'>): string {
  return `${plural(seats, 'seat')}, ${plural(bags, 'bag')}`;
}

/**
 * The car's seats and bags as one line; the dot between them is drawn, a screen reader hears
 * "5 seats, 3 bags".
 */
export function Capacity({ service, className }: { service: Service; className?: string }) {
  return (
    <span className={className}>
      {plural(service.seats, 'seat')}
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {plural(service.bags, 'bag')}
    </span>
  );
}
