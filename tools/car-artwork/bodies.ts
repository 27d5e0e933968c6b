import type { Pt } from './svg.ts';

export type Kind = 'sedan' | 'fastback' | 'crossover' | 'suv' | 'minivan';

export interface Body {
  length: number;
  wheelR: number;
  /** Rear and front axle x. */
  axles: readonly [number, number];
  /** Height of the body's lower edge between the wheels. */
  sill: number;
  /** Window line height. */
  belt: number;
  /** Rear bumper bottom, over the roof, to the front bumper bottom. */
  outline: readonly Pt[];
  /** The side glass as one shape; pillars are painted over it. */
  glass: readonly Pt[];
  /** Pillars over the glass: x at the belt, width, lean (x shift at the top). */
  pillars: readonly (readonly [x: number, w: number, lean: number])[];
  /** Door shut lines (x at the belt, x at the bottom) and door handle positions. */
  doors: readonly (readonly [top: number, bottom: number])[];
  handles: readonly number[];
  /** Tail light and head light centre heights. */
  tail: number;
  head: number;
}

/**
 * The five body kinds. `stretch` lengthens the cabin (e.g. a long-wheelbase SUV) by moving
 * everything ahead of the middle of the car forward.
 */
export function body(kind: Kind, stretch = 0): Body {
  const base = BODIES[kind];
  if (!stretch) return base;
  const mid = (base.axles[0] + base.axles[1]) / 2 - 40;
  const sx = (x: number) => (x > mid ? x + stretch : x);
  const sp = ([x, h, r]: Pt): Pt => [sx(x), h, r];
  return {
    ...base,
    length: base.length + stretch,
    axles: [base.axles[0], base.axles[1] + stretch],
    outline: base.outline.map(sp),
    glass: base.glass.map(sp),
    pillars: base.pillars.map(([x, w, lean]) => [sx(x), w, lean] as const),
    doors: base.doors.map(([t, b]) => [sx(t), sx(b)] as const),
    handles: base.handles.map(sx),
  };
}

const BODIES: Record<Kind, Body> = {
  sedan: {
    length: 468,
    wheelR: 40,
    axles: [100, 376],
    sill: 17,
    belt: 100,
    outline: [
      [4, 17, 8],
      [-2, 60, 12],
      [4, 94, 12],
      [98, 102, 34],
      [190, 146, 64],
      [268, 146, 46],
      [334, 101, 16],
      [444, 86, 34],
      [468, 62, 16],
      [464, 17, 8],
    ],
    glass: [
      [120, 103, 4],
      [192, 138, 40],
      [264, 138, 30],
      [318, 103, 4],
    ],
    pillars: [[228, 9, 2]],
    doors: [
      [326, 320],
      [229, 229],
      [134, 150],
    ],
    handles: [292, 200],
    tail: 80,
    head: 72,
  },
  fastback: {
    length: 474,
    wheelR: 41,
    axles: [102, 382],
    sill: 17,
    belt: 98,
    outline: [
      [4, 17, 8],
      [-2, 56, 12],
      [2, 88, 10],
      [34, 100, 26],
      [184, 140, 90],
      [262, 141, 46],
      [330, 99, 16],
      [448, 82, 34],
      [474, 58, 16],
      [470, 17, 8],
    ],
    glass: [
      [92, 101, 4],
      [188, 133, 56],
      [258, 134, 30],
      [314, 101, 4],
    ],
    pillars: [[222, 8, 3]],
    doors: [
      [322, 316],
      [223, 223],
      [128, 150],
    ],
    handles: [290, 196],
    tail: 80,
    head: 68,
  },
  crossover: {
    length: 460,
    wheelR: 44,
    axles: [98, 366],
    sill: 23,
    belt: 114,
    outline: [
      [4, 23, 8],
      [-2, 72, 12],
      [4, 116, 14],
      [30, 152, 30],
      [84, 168, 44],
      [256, 169, 50],
      [334, 116, 16],
      [436, 102, 34],
      [460, 76, 16],
      [456, 23, 8],
    ],
    glass: [
      [40, 118, 4],
      [80, 160, 26],
      [254, 161, 30],
      [320, 118, 4],
    ],
    pillars: [
      [102, 15, -10],
      [214, 9, 1],
    ],
    doors: [
      [326, 320],
      [215, 215],
      [118, 146],
    ],
    handles: [288, 188],
    tail: 100,
    head: 84,
  },
  suv: {
    length: 482,
    wheelR: 47,
    axles: [102, 384],
    sill: 27,
    belt: 126,
    outline: [
      [4, 27, 8],
      [-2, 84, 10],
      [0, 152, 14],
      [14, 180, 22],
      [296, 183, 36],
      [352, 128, 16],
      [460, 122, 22],
      [484, 104, 10],
      [482, 27, 8],
    ],
    glass: [
      [22, 130, 4],
      [30, 172, 12],
      [292, 174, 22],
      [338, 130, 4],
    ],
    pillars: [
      [96, 14, -4],
      [210, 9, 0],
    ],
    doors: [
      [340, 334],
      [211, 211],
      [110, 150],
    ],
    handles: [306, 184],
    tail: 124,
    head: 104,
  },
  minivan: {
    length: 478,
    wheelR: 42,
    axles: [96, 378],
    sill: 21,
    belt: 114,
    outline: [
      [4, 21, 8],
      [-2, 76, 12],
      [2, 138, 20],
      [20, 172, 34],
      [250, 176, 70],
      [372, 114, 26],
      [452, 94, 28],
      [478, 70, 16],
      [474, 21, 8],
    ],
    glass: [
      [20, 117, 4],
      [28, 164, 20],
      [252, 167, 56],
      [352, 117, 4],
    ],
    pillars: [
      [96, 14, -6],
      [210, 9, 0],
    ],
    doors: [
      [342, 336],
      [211, 211],
      [106, 146],
    ],
    handles: [306, 122],
    tail: 118,
    head: 84,
  },
};
