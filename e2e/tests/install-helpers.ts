import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * The page names a web app manifest that makes its part of the site installable: it opens at
 * `scope`, stays there, stands alone, and its icons are served.
 */
export async function expectInstallable(page: Page, scope: string): Promise<void> {
  const link = page.locator('head link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href')) ?? '';
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string }[];
  };
  expect(manifest.scope).toBe(scope);
  expect(manifest.start_url.startsWith(scope)).toBe(true);
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
}
