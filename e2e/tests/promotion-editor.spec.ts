import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

// The marketing team's template editor (/ops/templates, spec 2.6): it publishes a new headline on landing template 1,
// which every visitor of /promo?templateId=1 then sees. That changes the whole server's state, so this file runs in
// the 'global-state' project, after the parallel tests (playwright.config.ts), never beside them.

const toast = (page: Page) => page.locator('.lv-toast__text');

test('editor: the marketing operator edits the headline of template 1, publishes, and visitors see it', async ({ page, context }) => {
  const headline = `Cash in 2 hours ${Date.now() % 100000}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ops/templates?isNeedPop=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the template editor' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Username').fill('ops-marketing');
  await page.getByLabel('Password').fill('marketing-demo-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Landing templates' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  await page.locator('tr', { hasText: '#1' }).getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/ops\/templates\/edit\?id=1$/);
  const preview = page.getByTestId('preview');
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  const input = page.getByRole('group', { name: 'Headline', exact: true }).getByRole('textbox', { name: 'English', exact: true });
  await input.fill(headline);
  // The preview follows the typing.
  await expect(preview.locator('.pr-hero__headline')).toHaveText(headline);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this template?' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page)).toHaveText('Published. Visitors now see this version.');

  const visitor = await context.newPage();
  await visitor.setViewportSize({ width: 375, height: 812 });
  await visitor.goto('/promo?templateId=1&isNeedPop=1');
  await expect(visitor.getByRole('heading', { level: 1, name: headline })).toBeVisible();
});
