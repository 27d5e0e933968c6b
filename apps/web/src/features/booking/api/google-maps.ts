import { useEffect, useState } from 'react';
import { GOOGLE_MAPS_API_KEY } from '../../../config/env.ts';

/*
 * The few parts of the Maps JavaScript API (places library) the address fields use, typed here
 * so the site needs no type package for a script it loads only when a key is configured.
 */
interface PredictionRequest {
  input: string;
  sessionToken?: unknown;
}
interface RawPrediction {
  description: string;
  place_id: string;
}
interface DetailsRequest {
  placeId: string;
  fields: string[];
  sessionToken?: unknown;
}
interface RawPlace {
  formatted_address?: string;
  geometry?: { location?: { lat(): number; lng(): number } };
  address_components?: AddressComponent[];
}
interface PlacesLibrary {
  AutocompleteService: new () => {
    getPlacePredictions(
      request: PredictionRequest,
      callback: (results: RawPrediction[] | null, status: string) => void,
    ): void;
  };
  AutocompleteSessionToken?: new () => unknown;
  PlacesService: new (attributionNode: HTMLElement) => {
    getDetails(
      request: DetailsRequest,
      callback: (place: RawPlace | null, status: string) => void,
    ): void;
  };
  PlacesServiceStatus: { OK: string; ZERO_RESULTS: string };
}
/*
 * Read through a cast, not a global `Window` augmentation: the Google sign-in script declares
 * `window.google` with its own shape.
 */
interface MapsWindow {
  google?: { maps?: { places?: PlacesLibrary } };
  __appGoogleMapsReady?: () => void;
}
const mapsWindow = (): MapsWindow => window as unknown as MapsWindow;
const loadedPlaces = (): PlacesLibrary | undefined => mapsWindow().google?.maps?.places;

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

/** Location data: captured when a suggestion is chosen, not sent with the booking. */
export interface LocationData {
  formattedAddress: string;
  lat: number;
  lng: number;
  components: AddressComponent[];
}

export interface PlacePrediction {
  description: string;
  placeId: string;
}

/** A slow or blocked script must never keep the address fields from appearing. */
const LOAD_TIMEOUT_MS = 8000;
/** docs/product.md: predictions are cached for 24 hours in session storage. */
export const PREDICTION_CACHE_MS = 24 * 60 * 60 * 1000;
/** docs/product.md: predictions are asked for 300 ms after the last keystroke. */
export const PREDICTION_DEBOUNCE_MS = 300;
const CACHE_PREFIX = 'places-predictions:';

let loading: Promise<PlacesLibrary | null> | undefined;

/**
 * Loads the Maps script with the places library once per page. Resolves to null without a key,
 * on a script error or after a timeout: those are only logged, the fields fall back to plain
 * inputs.
 */
export function loadGooglePlaces(): Promise<PlacesLibrary | null> {
  if (!GOOGLE_MAPS_API_KEY) return Promise.resolve(null);
  loading ??= new Promise<PlacesLibrary | null>((resolve) => {
    const existing = loadedPlaces();
    if (existing) {
      resolve(existing);
      return;
    }
    const timer = window.setTimeout(() => {
      console.warn('Google Maps did not load in time; address fields stay plain inputs.');
      resolve(null);
    }, LOAD_TIMEOUT_MS);
    mapsWindow().__appGoogleMapsReady = () => {
      window.clearTimeout(timer);
      const places = loadedPlaces();
      if (!places) console.warn('Google Maps loaded without the places library.');
      resolve(places ?? null);
    };
    const script = document.createElement('script');
    const params = new URLSearchParams({
      key: GOOGLE_MAPS_API_KEY ?? '',
      libraries: 'places',
      callback: '__appGoogleMapsReady',
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params.toString()}`;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      console.warn('Google Maps script failed to load; address fields stay plain inputs.');
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}

export type MapsStatus = 'off' | 'loading' | 'ready';

/** The places library for the address fields: 'off' without a key or after a failed load. */
export function useGooglePlaces(): { status: MapsStatus; places: PlacesLibrary | null } {
  const [state, setState] = useState<{ status: MapsStatus; places: PlacesLibrary | null }>(() => {
    if (!GOOGLE_MAPS_API_KEY) return { status: 'off', places: null };
    const places = loadedPlaces();
    return places ? { status: 'ready', places } : { status: 'loading', places: null };
  });
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    void loadGooglePlaces().then((places) => {
      if (live) setState(places ? { status: 'ready', places } : { status: 'off', places: null });
    });
    return () => {
      live = false;
    };
  }, [state.status]);
  return state;
}

interface CachedPredictions {
  savedAt: number;
  predictions: PlacePrediction[];
}

function cacheKey(input: string): string {
  return `${CACHE_PREFIX}${input.trim().toLowerCase()}`;
}

function readCache(input: string, now: number): PlacePrediction[] | undefined {
  try {
    const raw = sessionStorage.getItem(cacheKey(input));
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as CachedPredictions;
    if (typeof entry.savedAt !== 'number' || now - entry.savedAt > PREDICTION_CACHE_MS) {
      sessionStorage.removeItem(cacheKey(input));
      return undefined;
    }
    return entry.predictions;
  } catch {
    return undefined;
  }
}

function writeCache(input: string, predictions: PlacePrediction[], now: number): void {
  try {
    const entry: CachedPredictions = { savedAt: now, predictions };
    sessionStorage.setItem(cacheKey(input), JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the cache is only a saving, never needed.
  }
}

/** Suggestions for typed text, from the 24-hour cache or the places service. */
export function fetchPredictions(
  places: PlacesLibrary,
  input: string,
  sessionToken?: unknown,
): Promise<PlacePrediction[]> {
  const now = Date.now();
  const cached = readCache(input, now);
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve) => {
    const request: PredictionRequest = { input };
    if (sessionToken) request.sessionToken = sessionToken;
    new places.AutocompleteService().getPlacePredictions(request, (results, status) => {
      if (
        status !== places.PlacesServiceStatus.OK &&
        status !== places.PlacesServiceStatus.ZERO_RESULTS
      ) {
        console.warn(`Place predictions failed: ${status}`);
        resolve([]);
        return;
      }
      const predictions = (results ?? []).map((result) => ({
        description: result.description,
        placeId: result.place_id,
      }));
      writeCache(input, predictions, now);
      resolve(predictions);
    });
  });
}

/** A new token groups one search's predictions and its details lookup (one billed session). */
export function newSessionToken(places: PlacesLibrary): unknown {
  return places.AutocompleteSessionToken ? new places.AutocompleteSessionToken() : undefined;
}

/** The chosen place's address, coordinates and components; null (with a warning) on failure. */
export function fetchPlaceDetails(
  places: PlacesLibrary,
  placeId: string,
  sessionToken?: unknown,
): Promise<LocationData | null> {
  return new Promise((resolve) => {
    const request: DetailsRequest = {
      placeId,
      fields: ['formatted_address', 'geometry', 'address_components'],
    };
    if (sessionToken) request.sessionToken = sessionToken;
    try {
      new places.PlacesService(document.createElement('div')).getDetails(
        request,
        (place, status) => {
          const location = place?.geometry?.location;
          if (status !== places.PlacesServiceStatus.OK || !place || !location) {
            console.warn(`Geocode failed for the chosen address: ${status}`);
            resolve(null);
            return;
          }
          resolve({
            formattedAddress: place.formatted_address ?? '',
            lat: location.lat(),
            lng: location.lng(),
            components: place.address_components ?? [],
          });
        },
      );
    } catch (error) {
      console.warn('Geocode failed for the chosen address', error);
      resolve(null);
    }
  });
}
