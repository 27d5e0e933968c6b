import type { CarSpec } from './car.ts';

/** How each catalogue car is drawn, by image slug. */
export const FLEET: Record<string, CarSpec> = {
  'tesla-model-s': { kind: 'fastback', colour: '#1f3b66', rim: 'aero', glassRoof: true },
  'tesla-model-3': {
    kind: 'fastback',
    colour: '#b4232c',
    rim: 'aero',
    glassRoof: true,
    stretch: -14,
  },
  'tesla-model-y': { kind: 'crossover', colour: '#eceff3', rim: 'aero', glassRoof: true },
  'tesla-model-x': { kind: 'suv', colour: '#2b2f36', rim: 'aero', glassRoof: true, stretch: -10 },
  'chevrolet-suburban': { kind: 'suv', colour: '#1a1d22', rim: 'dark', rails: true, stretch: 22 },
  'chevrolet-tahoe': { kind: 'suv', colour: '#5c6673', rim: 'five', rails: true },
  'chevrolet-equinox': { kind: 'crossover', colour: '#b9c0c8', rim: 'five', rails: true },
  'toyota-camry': { kind: 'sedan', colour: '#9aa3ad', rim: 'multi' },
  'toyota-sienna': { kind: 'minivan', colour: '#7a2a2e', rim: 'five' },
  'toyota-rav4': { kind: 'crossover', colour: '#47688a', rim: 'five', rails: true },
  'toyota-prius': { kind: 'fastback', colour: '#2f8f9d', rim: 'multi', stretch: -18 },
  'honda-odyssey': { kind: 'minivan', colour: '#e7eaee', rim: 'multi' },
  'honda-accord': { kind: 'sedan', colour: '#27303d', rim: 'five' },
  'honda-cr-v': { kind: 'crossover', colour: '#6d7885', rim: 'multi' },
  'kia-telluride': { kind: 'suv', colour: '#4d5a48', rim: 'dark', rails: true },
  'kia-carnival': { kind: 'minivan', colour: '#33435a', rim: 'five' },
  'kia-k5': { kind: 'sedan', colour: '#f1f2f4', rim: 'multi' },
};
