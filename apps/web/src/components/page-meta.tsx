import { BUSINESS } from '../config/env.ts';

interface PageMetaProps {
  /** The page's own part of the title; the business name follows it. */
  title: string;
  /**
   * One or two sentences a search result can show under the title. The signed-in pages, which
   * search engines never see, have none.
   */
  description?: string;
}

/**
 * The page's `<title>` and meta description. React 19 hoists both into `<head>`, swaps them on
 * every client-side navigation and removes them when the page goes away; a page rendered on the
 * server has them moved into its HTML's `<head>` (ssr/entry.tsx), where hydration adopts them.
 */
export function PageMeta({ title, description }: PageMetaProps) {
  return (
    <>
      <title>{`${title} · ${BUSINESS.name}`}</title>
      {description === undefined ? null : <meta name="description" content={description} />}
    </>
  );
}
