import { fallbackPhotoWidth, photoSrcSet, photoUrl, type FleetCar } from '@app/shared';

/** A car's uploaded photo (AVIF or WebP at the width the screen needs), else its artwork. */
export function CarPhoto({ car, className = '' }: { car: FleetCar; className?: string }) {
  const { photo } = car;
  return (
    <img
      src={photo ? photoUrl(photo, fallbackPhotoWidth(photo)) : car.image}
      srcSet={photo ? photoSrcSet(photo) : undefined}
      sizes="12rem"
      alt={`${car.name}, ${car.type}`}
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      className={`aspect-[8/5] h-auto rounded-xl bg-brand-tint object-cover ${className}`}
    />
  );
}
