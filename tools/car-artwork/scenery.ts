import { el, n } from './svg.ts';

/** A small deterministic random source, so regenerating gives the same skyline. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A row of plain towers along `base`, as one path. */
export function blocks(
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
export function bostonSkyline(base: number, fill: string): string {
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
export function windows(seed: number, base: number): string {
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
export function stars(seed: number, width: number, depth: number): string {
  const rnd = seeded(seed);
  return Array.from({ length: 36 }, () => {
    const x = Math.round(rnd() * width);
    const y = Math.round(rnd() * rnd() * depth);
    return `M${x} ${y}h2v2h-2Z`;
  }).join('');
}
