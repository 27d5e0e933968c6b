/**
 * The first word of a person's name, as the site greets them and a chauffeur names a customer
 * (or a customer their chauffeur): `'  Ann  Marie Rider '` → `'Ann'`; empty for a blank name.
 * The one home of the rule, for the browser and the server alike.
 */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
