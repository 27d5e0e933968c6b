import { telHref, type Business } from '@app/shared';

/**
 * schema.org LocalBusiness data for search engines, as a `<script type="application/ld+json">`
 * data block: browsers never run it, so the Content-Security-Policy's script-src does not apply.
 */
export function localBusinessJsonLd(business: Business): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
    description:
      'Private rides and car rentals around Norfolk County, Boston and Providence: airport transfers, hourly chauffeurs and week-long rentals, booked online.',
    telephone: telHref(business.phone).slice('tel:'.length),
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.street,
      addressLocality: business.locality,
      addressRegion: business.region,
      postalCode: business.postalCode,
      addressCountry: 'US',
    },
    areaServed: [
      { '@type': 'AdministrativeArea', name: 'Norfolk County, MA' },
      { '@type': 'City', name: 'Boston, MA' },
      { '@type': 'City', name: 'Providence, RI' },
    ],
    ...(business.social.length > 0 ? { sameAs: business.social.map(({ href }) => href) } : {}),
  };
  // `<` escaped: no text in the data can close the script element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
