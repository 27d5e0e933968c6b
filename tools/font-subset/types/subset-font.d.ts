/** subset-font ships no types: the call this project makes (README of subset-font 2.9). */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options: {
      targetFormat: 'sfnt' | 'woff' | 'woff2';
      keepFeatures?: string[];
      preserveNameIds?: number[];
    },
  ): Promise<Buffer>;
}
