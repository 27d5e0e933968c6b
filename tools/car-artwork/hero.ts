import { drawCar } from './car.ts';
import { blocks, bostonSkyline, stars, windows } from './scenery.ts';
import { el, linear, radial, svg } from './svg.ts';

/** A dusk scene: Boston skyline over the river, a dark sedan on the road with its lamps on. */
export function hero(): string {
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
