/**
 * Directions to a place in each maps app a chauffeur's phone may have: the link opens the app
 * when it is installed, its website otherwise. Each takes the address as typed (no geocoding).
 */
export const MAPS_APPS = [
  {
    name: 'Google Maps',
    url: (address: string) =>
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
  },
  {
    // Apple's map links: `daddr` is the destination, from where the phone is.
    name: 'Apple Maps',
    url: (address: string) => `https://maps.apple.com/?daddr=${encodeURIComponent(address)}`,
  },
  {
    // Waze's universal link: search the address and start navigating to the first match.
    name: 'Waze',
    url: (address: string) => `https://waze.com/ul?q=${encodeURIComponent(address)}&navigate=yes`,
  },
] as const;
