/// <reference types="node" />
/**
 * Draws the site's car illustrations as small, hand-tuned SVGs:
 * one side view per demo catalogue entry (public/images/cars/<slug>.svg),
 * plus the home page hero (public/images/hero.svg) and banner (public/images/banner.svg).
 *
 * Run from the repository root: node_modules/.bin/node apps/web/scripts/draw-cars.ts
 *
 * Every car is one of five parametrised body kinds, painted in its own colour with the
 * same lighting, glass, wheels and backdrop, so the fleet looks like one set.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CATALOGUE } from '../../../packages/db/src/catalogue.ts';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

// ---------------------------------------------------------------------------------------------
// Numbers, colours and paths
// ---------------------------------------------------------------------------------------------

/** Coordinates are written with at most one decimal. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** A point of a body outline: x from the rear bumper, h above the ground, r corner radius. */
type Pt = readonly [x: number, h: number, r?: number];

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes `hex` toward `other` by `t` (0 keeps `hex`, 1 gives `other`). */
function mix(hex: string, other: string, t: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(other);
  const c = a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** An item of a list the drawing defines itself; a miss is a bug in the drawing. */
function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a drawing list`);
  return item;
}

/** A closed polygon whose corners are rounded by each point's radius (y = -h). */
function roundedPath(points: readonly Pt[]): string {
  const count = points.length;
  let d = '';
  points.forEach(([x, h, r = 0], i) => {
    const y = -h;
    const prev = itemAt(points, (i + count - 1) % count);
    const next = itemAt(points, (i + 1) % count);
    const toward = (p: Pt): string => {
      const dx = p[0] - x;
      const dy = -p[1] - y;
      const len = Math.hypot(dx, dy);
      const k = Math.min(r, len / 2) / len;
      return `${n(x + dx * k)} ${n(y + dy * k)}`;
    };
    const cmd = i === 0 ? 'M' : 'L';
    d += r > 0 ? `${cmd}${toward(prev)}Q${n(x)} ${n(y)} ${toward(next)}` : `${cmd}${n(x)} ${n(y)}`;
  });
  return `${d}Z`;
}

/** A polygon path from [x, h] pairs, without rounding. */
const poly = (points: readonly Pt[]): string =>
  `M${points.map(([x, h]) => `${n(x)} ${n(-h)}`).join('L')}Z`;

const el = (name: string, attrs: Record<string, string | number>, inner = ''): string => {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('');
  return inner ? `<${name}${a}>${inner}</${name}>` : `<${name}${a}/>`;
};

const linear = (id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string =>
  el(
    'linearGradient',
    { id, x1: 0, y1: 0, x2, y2 },
    stops
      .map(([o, c, op]) =>
        el(
          'stop',
          op === undefined
            ? { offset: o, 'stop-color': c }
            : { offset: o, 'stop-color': c, 'stop-opacity': op },
        ),
      )
      .join(''),
  );

const radial = (id: string, stops: [number, string, number][]): string =>
  el(
    'radialGradient',
    { id },
    stops
      .map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op }))
      .join(''),
  );

// ---------------------------------------------------------------------------------------------
// Body kinds
// ---------------------------------------------------------------------------------------------

type Kind = 'sedan' | 'fastback' | 'crossover' | 'suv' | 'minivan';

interface Body {
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
function body(kind: Kind, stretch = 0): Body {
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

// ---------------------------------------------------------------------------------------------
// Wheels
// ---------------------------------------------------------------------------------------------

type Rim = 'five' | 'multi' | 'aero' | 'dark';

/** `count` tapered spokes from the hub to the rim, as one path. */
function spokes(count: number, inner: number, outer: number, wIn: number, wOut: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 - Math.PI / 2;
    const at = (r: number, w: number, side: number) => {
      const b = a + (side * w) / r;
      return `${n(Math.cos(b) * r)} ${n(Math.sin(b) * r)}`;
    };
    d += `M${at(inner, wIn, -1)}L${at(outer, wOut, -1)}L${at(outer, wOut, 1)}L${at(inner, wIn, 1)}Z`;
  }
  return d;
}

/** A wheel centred on 0,0, to be placed with <use>. */
function wheel(id: string, r: number, rim: Rim): string {
  const dark = rim === 'dark';
  const face = dark ? '#3d434c' : '#d9dee5';
  const parts = [
    el('circle', { r, fill: '#1b1e23' }),
    el('circle', { r: r - 3.5, fill: 'none', stroke: '#2c3138', 'stroke-width': 2 }),
    el('circle', { r: r * 0.68, fill: dark ? '#5a626d' : '#eef1f5' }),
  ];
  if (rim === 'aero') {
    parts.push(
      el('circle', { r: r * 0.63, fill: `url(#${id}r)` }),
      el('circle', { r: r * 0.44, fill: 'none', stroke: '#9aa3ae', 'stroke-width': 1.5 }),
      el('path', { d: spokes(5, r * 0.46, r * 0.6, 1.5, 3.5), fill: '#5b6470' }),
    );
  } else {
    const count = rim === 'multi' ? 10 : 5;
    parts.push(
      el('circle', { r: r * 0.63, fill: '#2a2f36' }),
      el('path', {
        d: spokes(count, r * 0.12, r * 0.64, count === 10 ? 2 : 3.5, count === 10 ? 3 : 7),
        fill: dark ? face : `url(#${id}r)`,
      }),
    );
  }
  parts.push(
    el('circle', { r: r * 0.15, fill: dark ? '#23272d' : '#aeb6c1' }),
    el('circle', { r: r * 0.06, fill: '#2a2f36' }),
  );
  return el('g', { id }, parts.join(''));
}

// ---------------------------------------------------------------------------------------------
// A car
// ---------------------------------------------------------------------------------------------

interface CarSpec {
  kind: Kind;
  colour: string;
  rim: Rim;
  stretch?: number;
  /** Tinted glass roof and blacked-out pillars (Tesla). */
  glassRoof?: boolean;
  /** Roof rails (SUVs). */
  rails?: boolean;
}

interface Placement {
  /** Prefix for ids, unique within one SVG. */
  id: string;
  /** Where the middle of the car stands on the ground. */
  cx: number;
  ground: number;
  scale?: number;
  /** Lit lamps with a beam, for night scenes. */
  lit?: boolean;
}

/** The car's <defs> and its drawing, facing right. */
function drawCar(spec: CarSpec, at: Placement): { defs: string; art: string } {
  const b = body(spec.kind, spec.stretch);
  const { id } = at;
  const c = spec.colour;
  const light = mix(c, '#ffffff', 0.2);
  const shade = mix(c, '#000000', 0.22);
  const deep = mix(c, '#000000', 0.45);
  const line = mix(c, '#000000', 0.35);
  const L = b.length;
  const outline = roundedPath(b.outline);
  const glass = roundedPath(b.glass);
  const clip = `url(#${id}b)`;

  const defs = [
    el('clipPath', { id: `${id}b` }, el('path', { d: outline })),
    el('clipPath', { id: `${id}g` }, el('path', { d: glass })),
    linear(`${id}s`, [
      [0, '#46536a'],
      [1, '#151b25'],
    ]),
    linear(`${id}p`, [
      [0, light],
      [0.5, c],
      [1, shade],
    ]),
    linear(`${id}wr`, [
      [0, '#f3f5f8'],
      [1, '#a9b2bd'],
    ]),
    wheel(`${id}w`, b.wheelR, spec.rim),
  ];

  // Paint clipped to the body: shading bands, lamps, shut lines, intake.
  const top = Math.max(...b.outline.map((p) => p[1]));
  const paint = [
    el('rect', { x: -10, y: -b.belt - 1, width: L + 20, height: 18, fill: light, opacity: 0.55 }),
    el('rect', { x: -10, y: -b.sill - 30, width: L + 20, height: 34, fill: shade }),
    el('rect', { x: -10, y: -b.sill - 9, width: L + 20, height: 12, fill: deep }),
    el('path', {
      d: `M-10 ${n(-b.belt + 24)}L${n(L + 10)} ${n(-b.belt + 16)}`,
      stroke: light,
      'stroke-width': 2,
      opacity: 0.8,
    }),
    el('path', {
      d: b.doors
        .map(([t, bot]) => `M${n(t)} ${n(-b.belt + 2)}L${n(bot)} ${n(-b.sill - 6)}`)
        .join(''),
      stroke: line,
      'stroke-width': 1.6,
      fill: 'none',
      opacity: 0.7,
    }),
    ...b.handles.map((x) =>
      el('rect', { x, y: -b.belt + 13, width: 20, height: 4.5, rx: 2.2, fill: deep, opacity: 0.8 }),
    ),
    // tail lamp wrapping the rear corner, reflector lower down
    el('path', {
      d: roundedPath([
        [-8, b.tail + 6, 3],
        [30, b.tail + 4, 3],
        [28, b.tail - 4, 3],
        [-8, b.tail - 6, 3],
      ]),
      fill: '#c81e2c',
    }),
    el('rect', { x: -8, y: -b.tail - 5, width: 24, height: 3, fill: '#ff6b6b', opacity: 0.8 }),
    // head lamp: a slim LED sweep with an amber marker
    el('path', {
      d: roundedPath([
        [L - 46, b.head + 7, 4],
        [L + 8, b.head + 10, 4],
        [L + 8, b.head - 6, 4],
        [L - 42, b.head - 1, 4],
      ]),
      fill: '#e9eef5',
    }),
    el('path', {
      d: `M${n(L - 42)} ${n(-b.head - 3)}L${n(L + 6)} ${n(-b.head - 7)}`,
      stroke: '#ffffff',
      'stroke-width': 2.5,
    }),
    el('rect', { x: L - 20, y: -b.head + 3, width: 14, height: 3.5, rx: 1.5, fill: '#f59e0b' }),
    el('rect', {
      x: L - 34,
      y: -b.sill - 24,
      width: 40,
      height: 12,
      rx: 5,
      fill: '#1c2027',
      opacity: 0.75,
    }),
  ];

  const glassRoof = spec.glassRoof
    ? el('path', {
        d: roundedPath(b.glass.map(([x, h, r]) => [x, h + (h > b.belt + 20 ? 10 : 0), r] as Pt)),
        fill: '#1d2430',
        opacity: 0.55,
      })
    : '';
  const pillarFill = spec.glassRoof ? '#1a2029' : mix(c, light, 0.5);
  const pillars = b.pillars
    .map(([x, w, lean]) =>
      el('path', {
        d: poly([
          [x, b.belt - 4],
          [x + w, b.belt - 4],
          [x + w + lean, top],
          [x + lean, top],
        ]),
        fill: pillarFill,
      }),
    )
    .join('');
  const reflection = el(
    'g',
    { 'clip-path': `url(#${id}g)`, fill: '#ffffff' },
    el('path', { d: poly(band(b, 0.3, 46)), opacity: 0.16 }) +
      el('path', { d: poly(band(b, 0.55, 14)), opacity: 0.1 }),
  );

  const [rear, front] = b.axles;
  const arch = b.wheelR + 6;
  const chord = Math.sqrt(arch * arch - (b.wheelR - b.sill) ** 2);
  const wells = [rear, front]
    .map(
      (x) =>
        `M${n(x - chord)} ${n(-b.sill)}A${n(arch)} ${n(arch)} 0 1 1 ${n(x + chord)} ${n(-b.sill)}Z`,
    )
    .join('');

  const cowl = itemAt(b.glass, b.glass.length - 1);
  const mirror = roundedPath([
    [cowl[0] - 24, b.belt + 2, 3],
    [cowl[0] - 20, b.belt + 18, 6],
    [cowl[0] - 2, b.belt + 16, 4],
    [cowl[0] + 2, b.belt + 2, 3],
  ]);

  const railFrom = itemAt(b.glass, 1)[0] + 6;
  const railTo = itemAt(b.glass, 2)[0] - 24;
  const rails = spec.rails
    ? el('path', {
        d: `M${n(railFrom)} ${n(-top + 2)}v-6H${n(railTo)}v6`,
        stroke: '#23272e',
        'stroke-width': 4.5,
        'stroke-linejoin': 'round',
        fill: 'none',
      })
    : '';

  const lit = at.lit
    ? el('path', {
        d: `M${n(L)} ${n(-b.head - 8)}L${n(L + 220)} ${n(-b.head - 30)}L${n(L + 220)} ${n(-b.head + 40)}L${n(L)} ${n(-b.head + 6)}Z`,
        fill: `url(#${id}l)`,
      })
    : '';
  if (at.lit) {
    defs.push(
      linear(
        `${id}l`,
        [
          [0, '#fff7e0', 0.4],
          [1, '#fff7e0', 0],
        ],
        1,
        0,
      ),
    );
  }

  const s = at.scale ?? 1;
  const art = el(
    'g',
    {
      transform: `translate(${n(at.cx - (L * s) / 2)} ${n(at.ground)})${s === 1 ? '' : ` scale(${s})`}`,
    },
    [
      lit,
      rails,
      el('path', { d: outline, fill: `url(#${id}p)`, stroke: line, 'stroke-width': 1.5 }),
      el('g', { 'clip-path': clip }, paint.join('')),
      el('path', { d: glass, fill: `url(#${id}s)` }),
      glassRoof,
      el('g', { 'clip-path': `url(#${id}g)` }, pillars),
      reflection,
      el('path', {
        d: `M${n(itemAt(b.glass, 0)[0])} ${n(-b.belt - 2)}H${n(cowl[0])}`,
        stroke: '#c9d0d8',
        'stroke-width': 1.5,
        opacity: 0.7,
      }),
      el('path', { d: mirror, fill: shade, stroke: line, 'stroke-width': 1.2 }),
      el('path', { d: wells, fill: '#15181d' }),
      el('use', { href: `#${id}w`, x: rear, y: -b.wheelR }),
      el('use', { href: `#${id}w`, x: front, y: -b.wheelR }),
    ].join(''),
  );
  return { defs: defs.join(''), art };
}

/** A slanted light band across the glass, `at` along the cabin, `w` wide. */
function band(b: Body, at: number, w: number): Pt[] {
  const x0 = itemAt(b.glass, 0)[0];
  const x1 = itemAt(b.glass, b.glass.length - 1)[0];
  const x = x0 + (x1 - x0) * at;
  const lo = b.belt - 10;
  const hi = b.belt + 90;
  return [
    [x, lo],
    [x + w, lo],
    [x + w + 60, hi],
    [x + 60, hi],
  ];
}

// ---------------------------------------------------------------------------------------------
// Catalogue cards
// ---------------------------------------------------------------------------------------------

/** How each catalogue car is drawn, by image slug. */
const FLEET: Record<string, CarSpec> = {
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

const CARD_W = 640;
const CARD_H = 400;
const CARD_GROUND = 312;

function card(spec: CarSpec): string {
  const car = drawCar(spec, { id: 'c', cx: CARD_W / 2, ground: CARD_GROUND });
  const defs = [
    linear('bg', [
      [0, '#f5f7fa'],
      [1, '#dfe5ec'],
    ]),
    radial('sh', [
      [0, '#0b1f3a', 0.4],
      [0.6, '#0b1f3a', 0.14],
      [1, '#0b1f3a', 0],
    ]),
    car.defs,
  ].join('');
  return svg(CARD_W, CARD_H, [
    el('defs', {}, defs),
    el('rect', { width: CARD_W, height: CARD_H, rx: 28, fill: 'url(#bg)' }),
    el('circle', { cx: 320, cy: 186, r: 148, fill: mix(spec.colour, '#f4f7fa', 0.93) }),
    el('path', {
      d: `M28 ${CARD_GROUND}H612`,
      stroke: '#cdd5df',
      'stroke-width': 2,
      'stroke-linecap': 'round',
    }),
    el('ellipse', { cx: 320, cy: CARD_GROUND + 2, rx: 270, ry: 16, fill: 'url(#sh)' }),
    car.art,
  ]);
}

function svg(w: number, h: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// Hero and banner scenes
// ---------------------------------------------------------------------------------------------

/** A small deterministic random source, so regenerating gives the same skyline. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A row of plain towers along `base`, as one path. */
function blocks(
  seed: number,
  base: number,
  from: number,
  to: number,
  lo: number,
  hi: number,
): string {
  const rnd = seeded(seed);
  let d = '';
  for (let x = from; x < to;) {
    const w = 18 + Math.round(rnd() * 34);
    const h = lo + Math.round(rnd() * (hi - lo));
    d += `M${n(x)} ${n(base)}V${n(base - h)}h${n(w)}V${n(base)}Z`;
    x += w + Math.round(rnd() * 6) - 2;
  }
  return d;
}

/** Boston landmarks standing on `base`: Prudential, Hancock, Custom House, the Zakim Bridge. */
function bostonSkyline(base: number, fill: string): string {
  const towers = [
    // Prudential Tower with its stepped crown and mast
    `M286 ${base}V${base - 236}h8v-10h40v10h8V${base}Z`,
    `M311 ${base - 246}v-52h3v52Z`,
    // 200 Clarendon (the Hancock): a slim slab with a notched edge
    `M370 ${base}V${base - 262}l44 -4V${base - 150}l-6 4V${base}Z`,
    // 111 Huntington and its crown
    `M240 ${base}V${base - 170}l18 -22l18 22V${base}Z`,
    // Millennium Tower
    `M520 ${base}V${base - 214}q18 -10 36 0V${base}Z`,
    // One Financial / Federal Street towers
    `M560 ${base}V${base - 168}h40V${base}Z`,
    `M470 ${base}V${base - 150}h44V${base}Z`,
    // Custom House Tower: shaft, clock stage, pyramid and spire
    `M652 ${base}V${base - 176}h-4v-12h40v12h-4V${base}Z`,
    `M648 ${base - 188}l20 -34l20 34Z`,
    `M666 ${base - 222}v-18h4v18Z`,
    `M700 ${base}V${base - 132}h52V${base}Z`,
  ];
  // Zakim Bridge: two inverted-Y towers with fanned cables
  const bridge: string[] = [];
  const deck = base - 26;
  for (const tx of [900, 1080]) {
    bridge.push(
      `M${tx - 14} ${base}L${tx - 3} ${deck - 130}h6L${tx + 14} ${base}h-6l-4 -40h-2l-4 40Z`,
    );
    bridge.push(`M${tx - 2} ${deck - 130}v-24h4v24Z`);
  }
  let cables = '';
  for (let i = 1; i <= 7; i++) {
    for (const tx of [900, 1080]) {
      cables += `M${tx} ${deck - 138 + i * 10}L${tx - i * 22} ${deck}M${tx} ${deck - 138 + i * 10}L${tx + i * 12} ${deck}`;
    }
  }
  return (
    el('path', { d: towers.join('') + bridge.join('') + `M780 ${deck}h420v5H780Z`, fill }) +
    el('path', { d: cables, stroke: fill, 'stroke-width': 1.2, opacity: 0.9 })
  );
}

/** Lit windows scattered over the near towers. */
function windows(seed: number, base: number): string {
  const rnd = seeded(seed);
  let d = '';
  for (let i = 0; i < 70; i++) {
    const x = 240 + Math.round(rnd() * 520);
    const y = base - 20 - Math.round(rnd() * 200);
    d += `M${x} ${y}h4v3h-4Z`;
  }
  return d;
}

/** Faint stars over the top of a dusk sky. */
function stars(seed: number, width: number, depth: number): string {
  const rnd = seeded(seed);
  return Array.from({ length: 36 }, () => {
    const x = Math.round(rnd() * width);
    const y = Math.round(rnd() * rnd() * depth);
    return `M${x} ${y}h2v2h-2Z`;
  }).join('');
}

/** A dusk scene: Boston skyline over the river, a dark sedan on the road with its lamps on. */
function hero(): string {
  const W = 1200;
  const H = 600;
  const horizon = 430;
  const ground = 560;
  const car = drawCar(
    { kind: 'sedan', colour: '#1f2633', rim: 'five' },
    { id: 'h', cx: 700, ground, scale: 1.04, lit: true },
  );
  let lamps = '';
  for (const x of [120, 420, 980]) {
    lamps +=
      el('path', {
        d: `M${x} ${horizon + 74}V${horizon - 40}h26`,
        stroke: '#0b1a30',
        'stroke-width': 5,
        fill: 'none',
      }) +
      el('circle', { cx: x + 26, cy: horizon - 36, r: 36, fill: 'url(#glow)' }) +
      el('rect', { x: x + 16, y: horizon - 38, width: 20, height: 5, rx: 2, fill: '#ffe1a3' });
  }
  const dashes = Array.from({ length: 9 }, (_, i) => `M${i * 150 - 20} 580h80`).join('');
  return svg(W, H, [
    el(
      'defs',
      {},
      [
        linear('sky', [
          [0, '#0b1f3a'],
          [0.45, '#233a66'],
          [0.78, '#7e6488'],
          [1, '#f2a65a'],
        ]),
        linear('water', [
          [0, '#e9a062'],
          [1, '#2b3556'],
        ]),
        linear('road', [
          [0, '#222b3b'],
          [1, '#131a26'],
        ]),
        radial('sun', [
          [0, '#ffe7b0', 1],
          [0.35, '#fcc472', 0.6],
          [1, '#f59e0b', 0],
        ]),
        radial('glow', [
          [0, '#ffd48a', 0.7],
          [1, '#ffd48a', 0],
        ]),
        radial('sh', [
          [0, '#000000', 0.55],
          [1, '#000000', 0],
        ]),
        car.defs,
      ].join(''),
    ),
    el('rect', { width: W, height: H, fill: 'url(#sky)' }),
    el('path', { d: stars(5, W, 220), fill: '#ffffff', opacity: 0.6 }),
    el('circle', { cx: 860, cy: horizon - 20, r: 190, fill: 'url(#sun)' }),
    el('circle', { cx: 860, cy: horizon - 6, r: 46, fill: '#ffe2a8' }),
    el('path', { d: blocks(7, horizon, -10, 1210, 40, 120), fill: '#3a4c78', opacity: 0.55 }),
    bostonSkyline(horizon, '#1a2f55'),
    el('path', { d: windows(3, horizon), fill: '#ffd48a', opacity: 0.7 }),
    el('rect', { y: horizon, width: W, height: 50, fill: 'url(#water)' }),
    el('path', {
      d: 'M800 442h120M770 452h170M820 462h80M300 448h60M560 456h40',
      stroke: '#ffe2a8',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      opacity: 0.6,
    }),
    el('rect', { y: horizon + 50, width: W, height: 22, fill: '#0d1b31' }),
    el('rect', { y: horizon + 72, width: W, height: H - horizon - 72, fill: 'url(#road)' }),
    el('path', {
      d: `M0 ${horizon + 74}H${W}`,
      stroke: '#f59e0b',
      'stroke-width': 2,
      opacity: 0.5,
    }),
    lamps,
    el('path', { d: dashes, stroke: '#cbd5e1', 'stroke-width': 4, opacity: 0.45 }),
    el('ellipse', { cx: 700, cy: ground + 4, rx: 300, ry: 14, fill: 'url(#sh)' }),
    car.art,
  ]);
}

/** A bright airport-run scene: a plane climbing over the terminal, an SUV on the highway. */
function banner(): string {
  const W = 1200;
  const H = 500;
  const horizon = 350;
  const ground = 456;
  const car = drawCar(
    { kind: 'suv', colour: '#161a20', rim: 'dark', rails: true, stretch: 22 },
    { id: 'b', cx: 730, ground, scale: 0.96 },
  );
  const cloud = (x: number, y: number, s: number) =>
    el('path', {
      d: `M${x} ${y}h${n(150 * s)}a${n(22 * s)} ${n(22 * s)} 0 0 0 -${n(30 * s)} -${n(26 * s)}a${n(34 * s)} ${n(34 * s)} 0 0 0 -${n(62 * s)} -${n(8 * s)}a${n(24 * s)} ${n(24 * s)} 0 0 0 -${n(58 * s)} ${n(34 * s)}Z`,
      fill: '#ffffff',
      opacity: 0.75,
    });
  const plane = el(
    'g',
    { transform: 'translate(880 118) rotate(-11)', fill: '#0b1f3a' },
    [
      el('path', { d: 'M-120 -4q0 -12 20 -12h170q34 0 50 12q-16 12 -50 12h-170q-20 0 -20 -12Z' }),
      el('path', { d: 'M-96 -12l-26 -46h18l40 46Z' }),
      el('path', { d: 'M-10 2l-44 52h22l70 -52Z', opacity: 0.85 }),
      el('path', { d: 'M-14 -6l-30 -22h14l40 22Z', opacity: 0.6 }),
      el('rect', { x: -22, y: 10, width: 34, height: 12, rx: 6, opacity: 0.9 }),
      el('path', { d: 'M60 -8h28l10 6h-38Z', fill: '#9fb3cc' }),
    ].join(''),
  );
  const trail = el('path', {
    d: 'M0 250C200 230 520 200 760 150',
    stroke: '#ffffff',
    'stroke-width': 5,
    'stroke-linecap': 'round',
    fill: 'none',
    opacity: 0.6,
  });
  const tower = `M150 ${horizon}V${horizon - 120}h-12l-6 -14h-10v-16h-8l10 -18h60l10 18h-8v16h-10l-6 14h-12V${horizon}Z`;
  const terminal = `M220 ${horizon}V${horizon - 40}q160 -36 320 0V${horizon}ZM560 ${horizon}V${horizon - 28}h220V${horizon}Z`;
  const rail = Array.from({ length: 17 }, (_, i) => `M${i * 75} ${horizon + 26}v18`).join('');
  const speed = 'M330 404h120M270 422h180M350 440h100';
  const dashes = Array.from({ length: 9 }, (_, i) => `M${i * 150 - 30} 478h80`).join('');
  return svg(W, H, [
    el(
      'defs',
      {},
      [
        linear('sky', [
          [0, '#cfdcea'],
          [0.7, '#eef1f4'],
          [1, '#fbe7c8'],
        ]),
        linear('road', [
          [0, '#3a4354'],
          [1, '#262d3a'],
        ]),
        radial('sun', [
          [0, '#fde2b0', 0.9],
          [1, '#fde2b0', 0],
        ]),
        radial('sh', [
          [0, '#000000', 0.5],
          [1, '#000000', 0],
        ]),
        car.defs,
      ].join(''),
    ),
    el('rect', { width: W, height: H, fill: 'url(#sky)' }),
    el('circle', { cx: 1020, cy: horizon - 30, r: 200, fill: 'url(#sun)' }),
    cloud(90, 110, 1),
    cloud(560, 80, 0.7),
    cloud(980, 210, 0.85),
    trail,
    plane,
    el('path', { d: blocks(11, horizon, 820, 1210, 20, 60), fill: '#b7c4d4' }),
    el('path', { d: tower + terminal, fill: '#8fa1b8' }),
    el('rect', { x: 260, y: horizon - 34, width: 240, height: 6, fill: '#f59e0b', opacity: 0.7 }),
    el('rect', { y: horizon, width: W, height: 26, fill: '#c9d3cf' }),
    el('path', { d: `${rail}M0 ${horizon + 30}H${W}`, stroke: '#7d8794', 'stroke-width': 4 }),
    el('rect', { y: horizon + 44, width: W, height: H - horizon - 44, fill: 'url(#road)' }),
    el('path', { d: dashes, stroke: '#f4f1ea', 'stroke-width': 5, opacity: 0.7 }),
    el('path', {
      d: `M0 ${horizon + 52}H${W}`,
      stroke: '#f59e0b',
      'stroke-width': 3,
      opacity: 0.8,
    }),
    el('path', {
      d: speed,
      stroke: '#ffffff',
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.35,
    }),
    el('ellipse', { cx: 730, cy: ground + 3, rx: 280, ry: 13, fill: 'url(#sh)' }),
    car.art,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`${String(content.length).padStart(6)}  ${path}`);
}

function main(): void {
  for (const entry of DEMO_CATALOGUE) {
    const slug = /^\/images\/cars\/([a-z0-9-]+)\.svg$/.exec(entry.image)?.[1];
    const spec = slug ? FLEET[slug] : undefined;
    if (!slug || !spec) throw new Error(`No drawing for ${entry.name} (${entry.image})`);
    write(join(PUBLIC_DIR, 'cars', `${slug}.svg`), card(spec));
  }
  write(join(PUBLIC_DIR, 'hero.svg'), hero());
  write(join(PUBLIC_DIR, 'banner.svg'), banner());
}

main();
