import type { CarMake } from '@app/shared';

interface BrandIconProps {
  model: CarMake;
  className?: string;
}

/**
 * A car maker's mark in the current text colour (`.mark` in styles.css: its file through a CSS
 * mask). Decorative: the model name is always written next to it, so screen readers skip it.
 */
export function BrandIcon({ model, className = 'size-6' }: BrandIconProps) {
  return <span aria-hidden="true" className={`mark mark-${model.toLowerCase()} ${className}`} />;
}
