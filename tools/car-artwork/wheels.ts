import { el, n } from './svg.ts';

export type Rim = 'five' | 'multi' | 'aero' | 'dark';

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
export function wheel(id: string, r: number, rim: Rim): string {
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
