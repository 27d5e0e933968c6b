import { drawCar, type CarSpec } from './car.ts';
import { mix } from './colour.ts';
import { el, linear, radial, svg } from './svg.ts';

const CARD_W = 640;
const CARD_H = 400;
const CARD_GROUND = 312;

/** A catalogue card: the car side on, on a soft backdrop in a tint of its own colour. */
export function card(spec: CarSpec): string {
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
