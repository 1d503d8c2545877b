import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clientRendered, expect, test } from './fixtures.ts';

// Issue 15 item 4 (docs/observability.md): what a borrower reads on an error screen leads support to the server's
// log line, and the failure is counted in /metrics.

interface Report {
  message: string;
  requestId: string;
  where: string;
}

/** The server's log of this run (global-setup.ts writes it beside the data folder). */
function serverLog(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the playwright config (global-setup.ts)');
  return readFileSync(join(dirname(dataDir), 'server.log'), 'utf8');
}

/** The `client error reported` lines naming `id`. */
function reportedLines(id: string) {
  return serverLog()
    .split('\n')
    .filter((l) => l.startsWith('{') && l.includes('client error reported'))
    .map(
      (l) => JSON.parse(l) as { level: number; reqId: string; clientError: { kind: string; clientWhere: string; clientRequestId: string } },
    )
    .filter((l) => l.clientError.clientRequestId === id);
}

test('a remote that does not load: the panel shows a reference, support finds it in the log, /metrics counts it', async ({
  page,
  request,
  allowFailedResources,
}) => {
  allowFailedResources.push(/\/remotes\/marketing\/.*\/remoteEntry\.js$/);
  await page.route('**/remotes/marketing/**/remoteEntry.js', (route) => route.fulfill({ status: 500, body: 'boom' }));
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/client-errors');
  await page.goto('/About?isNeedPop=1');
  await expect(page.getByText('This part of the app could not be loaded. Check your connection and try again.')).toBeVisible();
  const report = (await sent).postDataJSON() as Report;
  expect(report.where).toBe('remote-load:marketing');
  expect(report.requestId).toMatch(/^[0-9a-f]{8}-/);
  const reference = report.requestId.slice(0, 8);
  await expect(page.getByText(`Reference: ${reference}`)).toBeVisible();

  // What support does with the 8 characters the borrower reads out.
  await expect.poll(() => reportedLines(report.requestId).length).toBe(1);
  const [line] = reportedLines(report.requestId);
  expect(line!.level).toBe(40);
  expect(line!.clientError).toMatchObject({ kind: 'remote-load', clientWhere: 'remote-load:marketing' });
  expect(
    serverLog()
      .split('\n')
      .filter((l) => l.includes(reference)).length,
  ).toBeGreaterThanOrEqual(1);

  // Indonesian.
  await page.goto('/About?isNeedPop=0');
  await expect(page.getByText(/^Referensi: [0-9a-f]{8}$/)).toBeVisible();

  // The test runs on this machine: /metrics answers it (a loopback scrape).
  const metrics = await request.get('/metrics');
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/^lendview_client_errors_total\{kind="remote-load"\} [1-9]/m);
  expect(text).toContain('http_route="/api/client-errors"');
});

test('an API call answered 5xx is reported once with its own request id', async ({ page }) => {
  const failed: string[] = [];
  await page.route('**/v3/loan-details/detail**', async (route) => {
    failed.push(route.request().headers()['x-request-id'] ?? '');
    await route.fulfill({ status: 502, json: { code: 'SERVER_ERROR', data: null, message: 'Bad gateway' } });
  });
  const reports: Report[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/client-errors') reports.push(r.postDataJSON() as Report);
  });
  await clientRendered(page, /\/loanDetails\?/);
  await page.goto('/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower&isNeedPop=1');
  await expect.poll(() => failed.length).toBeGreaterThanOrEqual(1);
  await expect.poll(() => reports.length).toBe(failed.length);
  for (const [i, id] of failed.entries()) {
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reports[i]).toEqual({
      message: 'POST /v3/loan-details/detail answered HTTP 502 (SERVER_ERROR)',
      requestId: id,
      where: 'api:/v3/loan-details/detail',
    });
  }
  expect(JSON.stringify(reports)).not.toContain('demo-borrower');
  await expect.poll(() => reportedLines(failed[0]!).length).toBe(1);
});
