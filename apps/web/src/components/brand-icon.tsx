import { siChevrolet, siHonda, siKia, siTesla, siToyota } from 'simple-icons';
import type { CarModel } from '@app/shared';

/** Only the SVG paths of the five marks: each icon is imported by name so the rest tree-shakes. */
const PATHS: Record<CarModel, string> = {
  Tesla: siTesla.path,
  Honda: siHonda.path,
  Toyota: siToyota.path,
  Kia: siKia.path,
  Chevrolet: siChevrolet.path,
};

interface BrandIconProps {
  model: CarModel;
  className?: string;
}

/**
 * A car maker's mark in the current text colour. Decorative: the model name is always written
 * next to it, so screen readers skip the drawing.
 */
export function BrandIcon({ model, className = 'size-6' }: BrandIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[model]} />
    </svg>
  );
}
