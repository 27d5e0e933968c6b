import { drawCar } from './car.ts';
import { blocks } from './scenery.ts';
import { el, linear, n, radial, svg } from './svg.ts';

/** A bright airport-run scene: a plane climbing over the terminal, an SUV on the highway. */
export function banner(): string {
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
