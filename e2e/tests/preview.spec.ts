import { expect, test } from './fixtures.ts';
import { buildMarketingCopy, liveMarketingVersion, nextPatch, removeCopies, script } from './marketing-copy.ts';

// Preview links (issue 16 item 3; docs/releasing.md "Preview"): a version published but not live is shown, through
// a signed link, to the one browser that opened it; every other browser keeps the live version; Exit returns.

test.afterAll(() => removeCopies());

test('a preview link shows the new version in one browser only; exit returns it to live', async ({ browser }) => {
  test.setTimeout(180_000);
  const live = { version: liveMarketingVersion() };
  const version = nextPatch(live.version, `preview.${Date.now()}`);
  const dist = buildMarketingCopy({ version, aboutTitle: 'Tentang Kami (pratinjau)' });

  const published = script('release', 'marketing', '--from', dist, '--publish-only');
  expect(published.status, published.stderr).toBe(0);
  expect(published.stdout).toContain(`release: marketing ${version} published to`);
  expect(liveMarketingVersion()).toBe(live.version);

  const linked = script('list-remotes', 'preview', 'marketing', version, '--hours', '1', '--origin', process.env.E2E_BASE_URL!);
  expect(linked.status, linked.stderr).toBe(0);
  const url = linked.stdout.split('\n')[0]!;
  expect(url).toMatch(new RegExp(`^${process.env.E2E_BASE_URL!.replace(/[.]/g, '\\.')}/preview/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));

  const tester = await browser.newContext();
  const borrower = await browser.newContext();
  try {
    const a = await tester.newPage();
    await a.goto(url);
    // Sent to the app's first route, with the preview bar.
    await expect(a.getByTestId('preview-bar')).toHaveText(`Pratinjau: marketing ${version} · Keluar`);
    await a.goto('/About');
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami (pratinjau)');
    await expect(a.getByTestId('preview-bar')).toBeVisible();
    const cookie = (await tester.cookies()).find((c) => c.name === 'lv_preview');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const b = await borrower.newPage();
    await b.goto('/About');
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
    await expect(b.getByTestId('preview-bar')).toHaveCount(0);

    await a.getByRole('link', { name: 'Keluar' }).click();
    await expect(a).toHaveURL(/\/$/);
    await a.goto('/About');
    await expect(a.getByRole('heading', { level: 1 })).toHaveText('Tentang Kami');
    await expect(a.getByTestId('preview-bar')).toHaveCount(0);
    expect((await tester.cookies()).find((c) => c.name === 'lv_preview')).toBeUndefined();

    // A forged link is refused, localized.
    const token = url.slice(url.lastIndexOf('/') + 1);
    const flipped = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    const forged = await a.goto(`/preview/${flipped}`);
    expect(forged?.status()).toBe(403);
  } finally {
    await tester.close();
    await borrower.close();
  }
  expect(liveMarketingVersion()).toBe(live.version);
});
