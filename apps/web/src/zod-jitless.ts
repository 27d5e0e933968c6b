/*
 * zod probes for `new Function` unless told it runs jitless; under the site's
 * Content-Security-Policy that probe is reported as a violation. zod keeps this global object and
 * each object schema reads it when it is built, so it is set before zod loads (main.tsx imports
 * this module first; zod comes later with the pages that validate) and in place, should it
 * already be there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
