/** SVG text: numbers, paths and elements, written as small as the drawings allow. */

/** Coordinates are written with at most one decimal. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** A point of a body outline: x from the rear bumper, h above the ground, r corner radius. */
export type Pt = readonly [x: number, h: number, r?: number];

/** An item of a list the drawing defines itself; a miss is a bug in the drawing. */
export function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a drawing list`);
  return item;
}

/** A closed polygon whose corners are rounded by each point's radius (y = -h). */
export function roundedPath(points: readonly Pt[]): string {
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
export const poly = (points: readonly Pt[]): string =>
  `M${points.map(([x, h]) => `${n(x)} ${n(-h)}`).join('L')}Z`;

export const el = (name: string, attrs: Record<string, string | number>, inner = ''): string => {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('');
  return inner ? `<${name}${a}>${inner}</${name}>` : `<${name}${a}/>`;
};

export const linear = (id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string =>
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

export const radial = (id: string, stops: [number, string, number][]): string =>
  el(
    'radialGradient',
    { id },
    stops
      .map(([o, c, op]) => el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op }))
      .join(''),
  );

export function svg(w: number, h: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>\n`;
}
