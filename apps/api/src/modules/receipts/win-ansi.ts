/**
 * The receipt is set in the PDF's standard Helvetica, which needs no font file but prints only
 * Windows-1252 (WinAnsi): pdfkit draws any other character as a wrong glyph. A customer's name or
 * address may hold one (`Łukasz`, `İstanbul`, an emoji): its accents are dropped where that
 * leaves a letter Helvetica has (`Lukasz` keeps the name readable), else it becomes `?`.
 */

/** The characters of Windows-1252 above Latin-1's range (0x80 to 0x9F), by code point. */
const WIN_ANSI_EXTRA = new Set(
  [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((char) => char.codePointAt(0) ?? 0),
);

/** Letters with no decomposition, and dashes and spaces of other widths. */
const NEAREST: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2009': ' ',
  '\u202f': ' ',
};

function printable(code: number): boolean {
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code)
  );
}

/** The text with every character Helvetica cannot print replaced; line breaks kept. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (printable(code) || char === '\n') {
      out += char;
      continue;
    }
    if (char === '\t') {
      out += ' ';
      continue;
    }
    const nearest = NEAREST[char];
    if (nearest !== undefined) {
      out += nearest;
      continue;
    }
    // Decomposed, a letter with marks is its base letter and the marks: keep what prints.
    const base = [...char.normalize('NFKD')].filter((part) => {
      const partCode = part.codePointAt(0) ?? 0;
      return printable(partCode);
    });
    out += base.length > 0 ? base.join('') : '?';
  }
  return out;
}
