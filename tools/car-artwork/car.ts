import { body, type Body, type Kind } from './bodies.ts';
import { mix } from './colour.ts';
import { el, itemAt, linear, n, poly, roundedPath, type Pt } from './svg.ts';
import { wheel, type Rim } from './wheels.ts';

export interface CarSpec {
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
export function drawCar(spec: CarSpec, at: Placement): { defs: string; art: string } {
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
