import { Star } from 'lucide-react';

/** Stars as a picture, with their number in words for a screen reader. */
export function Stars({ stars, size = 'size-4' }: { stars: number; size?: string }) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`${stars} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${size} ${n <= stars ? 'fill-accent text-accent-strong' : 'text-line'}`}
        />
      ))}
    </span>
  );
}
