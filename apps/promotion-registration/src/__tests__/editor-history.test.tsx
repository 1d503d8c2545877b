import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OPS_SESSION_KEY } from '../template-editor/session.ts';
import { PATHS, SID, landingRoutes, template } from '../test/fixtures.ts';
import { ok, renderApp, stubApi } from '../test/render.tsx';

// Issue 13 items 4 and 5 on the page side: the editor's contrast findings, history actions and image upload;
// the landing's "ended" page, its links in the template colour, and the form kept across the hash routes.

const { id: _id, ...config } = template();
const summary = {
  id: 1,
  name: 'Spring campaign',
  published: true,
  hasUnpublishedChanges: false,
  updatedAt: '2026-11-20T08:00:00Z',
  publishedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'ops-marketing',
};
const VERSIONS = '/ops/api/templates/versions';
const REVERT = '/ops/api/templates/revert';
const UNPUBLISH = '/ops/api/templates/unpublish';
const SCHEDULE = '/ops/api/templates/schedule';
const UPLOAD = '/ops/api/templates/upload-image';

const versions = {
  id: 1,
  state: 'live',
  liveVersion: 2,
  items: [
    {
      version: 2,
      kind: 'publish',
      revertedFrom: null,
      config,
      liveFrom: '2026-11-21T08:00:00Z',
      createdAt: '2026-11-21T08:00:00Z',
      createdBy: 'ops-marketing',
      status: 'live',
      changes: [{ field: 'headline.en', before: 'Old headline', after: config.headline.en }],
    },
    {
      version: 1,
      kind: 'publish',
      revertedFrom: null,
      config: { ...config, headline: { ...config.headline, en: 'Old headline' } },
      liveFrom: '2026-11-20T08:00:00Z',
      createdAt: '2026-11-20T08:00:00Z',
      createdBy: 'ops-marketing',
      status: 'past',
      changes: [],
    },
  ],
};

function editorApi(over = {}) {
  sessionStorage.setItem(
    OPS_SESSION_KEY,
    JSON.stringify({ token: 'tok-marketing-0123456789abcdef', username: 'ops-marketing', role: 'marketing' }),
  );
  return stubApi({
    [PATHS.opsDetail]: ok({ ...summary, draft: config, live: config }),
    [PATHS.opsList]: ok({ items: [summary] }),
    [PATHS.opsSave]: ok({ id: 1, updatedAt: '2026-11-22T08:00:00Z' }),
    [VERSIONS]: ok(versions),
    [REVERT]: ok({ id: 1, version: 3, updatedAt: '2026-11-22T08:00:00Z' }),
    [UNPUBLISH]: ok({ id: 1, version: 3 }),
    [SCHEDULE]: ok({ id: 1, version: 3, liveFrom: '2026-12-01T02:00:00.000Z' }),
    ...over,
  });
}

afterEach(() => sessionStorage.clear());

describe('template editor: contrast, history, upload', () => {
  it('lists the failing WCAG AA pair before publishing, and clears it when the colour is fixed', async () => {
    editorApi();
    await renderApp('/ops/templates/edit?id=1');
    const panel = await screen.findByTestId('contrast');
    // The fixture's amber #f59e0b links read 2.14:1 on the white card.
    expect(panel.textContent).toContain('Links and buttons (#f59e0b) on the white form card (#ffffff): 2.14:1, needs 4.5:1');
    const hex = document.querySelector<HTMLInputElement>('input[name="theme.highlightColor"]')!;
    const user = userEvent.setup();
    await user.clear(hex);
    await user.type(hex, '#0f766e');
    await waitFor(() => expect(screen.getByTestId('contrast').textContent).toMatch(/^Colours pass WCAG AA/));
  });

  it('shows the versions with their diff; reverts live and unpublishes through the API', async () => {
    const api = editorApi();
    await renderApp('/ops/templates/edit?id=1');
    const v2 = await screen.findByTestId('version-2');
    expect(within(v2).getByText('Live')).toBeTruthy();
    expect(v2.textContent).toContain('headline.en: Old headline → Loans up to ₹80,000 in 2 hours');
    expect(screen.getByTestId('landing-state').textContent).toBe('Visitors see version 2.');
    // The live version has no "revert and publish" (it is what visitors see); the earlier one has.
    expect(within(v2).queryByRole('button', { name: 'Revert to version 2 and publish' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('version-1')).getByRole('button', { name: 'Revert to version 1 and publish' }));
    await waitFor(() => expect(api.to(REVERT)).toHaveLength(1));
    expect(api.to(REVERT)[0]?.body).toEqual({ id: 1, version: 1, publish: true });
    expect(api.to(REVERT)[0]?.headers['authorization']).toBe('Bearer tok-marketing-0123456789abcdef');
    // The form shows the reverted config.
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Headline' }).querySelector<HTMLInputElement>('input')?.value).toBe('Old headline'),
    );

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish this template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(api.to(UNPUBLISH)).toHaveLength(1));
    expect(api.to(UNPUBLISH)[0]?.body).toEqual({ id: 1 });
  });

  it('a refused revert shows the server message in the banner', async () => {
    editorApi({
      [REVERT]: { code: 'BAD_REQUEST', data: null, message: 'Not published: the image /x.png (config.logo) does not load.' },
    });
    await renderApp('/ops/templates/edit?id=1');
    await userEvent
      .setup()
      .click(within(await screen.findByTestId('version-1')).getByRole('button', { name: 'Revert to version 1 and publish' }));
    await waitFor(() =>
      expect(document.querySelector('.ops-banner')?.textContent).toBe('Not published: the image /x.png (config.logo) does not load.'),
    );
  });

  it('schedules the saved draft at the chosen local time, sent as an ISO instant', async () => {
    const api = editorApi();
    await renderApp('/ops/templates/edit?id=1');
    await screen.findByTestId('version-2');
    const user = userEvent.setup();
    const input = screen.getByLabelText('Publish the saved draft later, at (your local time)');
    await user.type(input, '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.to(SCHEDULE)).toHaveLength(1));
    expect(api.to(SCHEDULE)[0]?.body).toEqual({ id: 1, at: new Date('2026-12-01T09:00').toISOString() });
  });

  it('an uploaded hero image fills the field with our own URL and shows in the preview', async () => {
    const api = editorApi({ [UPLOAD]: ok({ url: '/landing/img/0123456789abcdef0123456789abcdef.jpg', width: 640, height: 360 }) });
    await renderApp('/ops/templates/edit?id=1');
    await screen.findByTestId('version-2');
    const field = document.querySelector<HTMLInputElement>('input[name="heroImage"]')!;
    const file = field.closest('.ops-image')!.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.setup().upload(file, new File([new Uint8Array([0x89, 0x50])], 'hero.png', { type: 'image/png' }));
    await waitFor(() => expect(field.value).toBe('/landing/img/0123456789abcdef0123456789abcdef.jpg'));
    expect(api.to(UPLOAD)[0]?.headers['authorization']).toBe('Bearer tok-marketing-0123456789abcdef');
    expect(screen.getByTestId('preview').querySelector('.pr-hero__media img')?.getAttribute('src')).toBe(
      '/landing/img/0123456789abcdef0123456789abcdef.jpg',
    );
  });
});

describe('landing: ended page, link colours, state across the hash routes', () => {
  it('an unpublished template shows "This promotion has ended", not an error', async () => {
    stubApi(
      landingRoutes({
        [PATHS.template]: { code: 'PROMOTION_ENDED', data: null, message: 'This promotion has ended. Thank you for your interest.' },
      }),
    );
    await renderApp('/promo?templateId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'This promotion has ended' })).toBeTruthy();
    expect(screen.getByText('This promotion has ended. Thank you for your interest.')).toBeTruthy();
  });

  it('the agreement link is in the template colour; the form keeps phone, captcha and code across the agreement page', async () => {
    const api = stubApi(landingRoutes({ [PATHS.template]: ok(template({ theme: { ...template().theme, highlightColor: '#0f766e' } })) }));
    await renderApp('/promo?templateId=1&isNeedPop=1');
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile number'), '13812345678');
    await user.type(screen.getByLabelText('Image captcha'), 'AB12');
    const link = screen.getByRole('link', { name: 'Registration agreement' });
    expect(link.closest('[style]')?.getAttribute('style')).toContain('--pr-highlight-text: #0f766e');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Registration agreement' });
    await user.click(screen.getByRole('link', { name: 'Back to registration' }));
    expect(await screen.findByLabelText<HTMLInputElement>('Mobile number')).toHaveProperty('value', '13812345678');
    expect(screen.getByLabelText<HTMLInputElement>('Image captcha').value).toBe('AB12');
    // The same captcha: no new get-sid on the way back.
    expect(api.to(PATHS.sid)).toHaveLength(1);
    expect(screen.getByRole('img', { name: /Image captcha/ }).getAttribute('src')).toContain(SID);
  });

  it('a reload within the captcha lifetime restores the form from sessionStorage', async () => {
    stubApi(landingRoutes());
    const first = await renderApp('/promo?templateId=1&isNeedPop=1');
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile number'), '13812345678');
    await screen.findByRole('img', { name: /Image captcha/ });
    first.unmount();
    const api = stubApi(landingRoutes());
    await renderApp('/promo?templateId=1&isNeedPop=1');
    expect((await screen.findByLabelText<HTMLInputElement>('Mobile number')).value).toBe('13812345678');
    expect(screen.getByRole('img', { name: /Image captcha/ }).getAttribute('src')).toContain(SID);
    expect(api.to(PATHS.sid)).toHaveLength(0);
  });
});
