import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_SESSION_KEY } from '../template-editor/session.ts';
import { PATHS, template } from '../test/fixtures.ts';
import { expectLocation, fail, ok, renderApp, stubApi } from '../test/render.tsx';

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
const detail = { ...summary, draft: config, live: config };

function signedIn(role: 'marketing' | 'support' = 'marketing') {
  sessionStorage.setItem(OPS_SESSION_KEY, JSON.stringify({ token: 'tok-marketing-0123456789abcdef', username: 'ops-marketing', role }));
}

const opsRoutes = (over = {}) => ({
  [PATHS.opsLogin]: ok({ step: 'code', challenge: 'ch-marketing', newPasswordRequired: false }),
  [PATHS.opsLoginCode]: ok({
    token: 'tok-marketing-0123456789abcdef',
    username: 'ops-marketing',
    role: 'marketing',
    expiresAt: '2026-11-21T00:00:00Z',
  }),
  [PATHS.opsList]: ok({ items: [summary, { ...summary, id: 2, name: 'Draft page', published: false, publishedAt: null }] }),
  [PATHS.opsDetail]: ok(detail),
  [PATHS.opsSave]: ok({ id: 1, updatedAt: '2026-11-22T08:00:00Z' }),
  [PATHS.opsPublish]: ok({ id: 1, publishedAt: '2026-11-22T08:00:00Z' }),
  [PATHS.opsCreate]: ok({ id: 7 }),
  [PATHS.opsLogout]: ok({ loggedOut: true }),
  ...over,
});

describe('template editor: sign-in', () => {
  it('logs in with username, password and the authenticator code, keeps the token in sessionStorage and lists the templates with it', async () => {
    const api = stubApi(opsRoutes());
    await renderApp('/ops/templates');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the template editor' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your username and password.')).toBeTruthy();
    expect(api.to(PATHS.opsLogin)).toHaveLength(0);

    await user.type(screen.getByLabelText('Username'), 'ops-marketing');
    await user.type(screen.getByLabelText('Password'), 'marketing-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your authenticator code' });
    expect(sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter the 6-digit code from your authenticator app.').getAttribute('role')).toBe('alert');
    await user.type(screen.getByLabelText('6-digit code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landing templates' })).toBeTruthy();
    expect(api.to(PATHS.opsLogin)[0]?.body).toEqual({ username: 'ops-marketing', password: 'marketing-demo-pass' });
    expect(api.to(PATHS.opsLoginCode)[0]?.body).toEqual({ challenge: 'ch-marketing', code: '246810' });
    expect(api.to(PATHS.opsLogin)[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sessionStorage.getItem(OPS_SESSION_KEY)!)).toMatchObject({ token: 'tok-marketing-0123456789abcdef' });
    await waitFor(() => expect(api.to(PATHS.opsList)).toHaveLength(1));
    expect(api.to(PATHS.opsList)[0]?.headers['authorization']).toBe('Bearer tok-marketing-0123456789abcdef');

    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Spring campaign')).toBeTruthy();
    expect(within(rows[1]!).getByText('Published')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not published yet')).toBeTruthy();
  });

  it('a wrong password shows the server message and keeps what was typed', async () => {
    stubApi(opsRoutes({ [PATHS.opsLogin]: fail('Wrong username or password.', 'UNAUTHORIZED') }));
    await renderApp('/ops/templates');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ops-marketing');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong username or password.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('nope');
  });

  it('401 on a call: back to the login form, token forgotten', async () => {
    signedIn();
    stubApi(opsRoutes({ [PATHS.opsList]: fail('Please sign in.', 'UNAUTHORIZED') }));
    await renderApp('/ops/templates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the template editor' })).toBeTruthy();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
  });

  it('403 (a support operator): this account cannot edit templates', async () => {
    signedIn();
    stubApi(opsRoutes({ [PATHS.opsList]: fail('Forbidden', 'FORBIDDEN') }));
    await renderApp('/ops/templates');
    expect(await screen.findByText('This account cannot edit templates.')).toBeTruthy();
  });

  it('a support login is told at once, without calling the template API', async () => {
    const api = stubApi(
      opsRoutes({
        [PATHS.opsLoginCode]: ok({ token: 'tok-support-0123456789abcdefgh', username: 'ops-support', role: 'support', expiresAt: 'x' }),
      }),
    );
    await renderApp('/ops/templates');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ops-support');
    await user.type(screen.getByLabelText('Password'), 'support-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('6-digit code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This account cannot edit templates.')).toBeTruthy();
    expect(api.to(PATHS.opsList)).toHaveLength(0);
  });

  it('first sign-in: the enrolment QR and key; a wrong code keeps the step with the server message', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    stubApi(
      opsRoutes({
        [PATHS.opsLogin]: ok({ step: 'enrol', challenge: 'ch-new', otpauthUrl: 'otpauth://totp/x?secret=ABC', qrSvg: svg }),
        [PATHS.opsLoginCode]: fail('The code is incorrect or was already used.', 'UNAUTHORIZED'),
      }),
    );
    await renderApp('/ops/templates');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'new.marketer');
    await user.type(screen.getByLabelText('Password'), 'one-time-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator' });
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toBe(
      `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`,
    );
    expect(screen.getByText('otpauth://totp/x?secret=ABC')).toBeTruthy();
    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect or was already used.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set up your authenticator');
  });
});

describe('template editor: editing', () => {
  it('editing the headline updates the live preview; the en/id toggle switches it', async () => {
    signedIn();
    stubApi(opsRoutes());
    await renderApp('/ops/templates/edit?id=1');
    const preview = await screen.findByTestId('preview');
    expect(within(preview).getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Loans up to ₹80,000 in 2 hours');
    const user = userEvent.setup();
    const headlineEn = screen.getByRole('group', { name: 'Headline' });
    const input = within(headlineEn).getByLabelText('English');
    await user.clear(input);
    await user.type(input, 'Cash in 2 hours');
    expect(within(preview).getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Cash in 2 hours');
    await user.click(screen.getByRole('button', { name: 'Indonesian' }));
    expect(within(preview).getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Pinjaman hingga Rp 15.000.000 dalam 2 jam');
    // The form's own labels follow the preview language too, while the editor stays English.
    expect(within(preview).getByText('Nomor ponsel')).toBeTruthy();
    expect(within(preview).queryByText('Mobile number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    // The colours too.
    const colour = screen.getByRole('textbox', { name: 'Button and links' });
    await user.clear(colour);
    await user.type(colour, '#123456');
    expect(preview.querySelector<HTMLElement>('.pr-landing')!.style.getPropertyValue('--pr-highlight')).toBe('#123456');
  });

  it('Save draft sends the whole config as JSON with the bearer token', async () => {
    signedIn();
    const api = stubApi(opsRoutes());
    await renderApp('/ops/templates/edit?id=1');
    const user = userEvent.setup();
    const input = within(await screen.findByRole('group', { name: 'Headline' })).getByLabelText('English');
    await user.clear(input);
    await user.type(input, 'Cash in 2 hours');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to(PATHS.opsSave)).toHaveLength(1));
    const call = api.to(PATHS.opsSave)[0]!;
    expect(call.headers['authorization']).toBe('Bearer tok-marketing-0123456789abcdef');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toEqual({ id: 1, config: { ...config, headline: { ...config.headline, en: 'Cash in 2 hours' } } });
    expect(api.to(PATHS.opsPublish)).toHaveLength(0);
  });

  it('errors of the contract show next to their fields and nothing is sent', async () => {
    signedIn();
    const api = stubApi(opsRoutes());
    await renderApp('/ops/templates/edit?id=1');
    const user = userEvent.setup();
    const input = within(await screen.findByRole('group', { name: 'Headline' })).getByLabelText('English');
    await user.clear(input);
    const colour = screen.getByRole('textbox', { name: 'Text on the background' });
    await user.clear(colour);
    await user.type(colour, 'red');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please correct the fields marked in red.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required.')).toBeTruthy();
    expect(screen.getByText('A colour like #1a2b3c.')).toBeTruthy();
    expect(api.to(PATHS.opsSave)).toHaveLength(0);
    // Fixing a field takes its message away.
    await user.type(input, 'Back');
    await waitFor(() => expect(screen.queryByText('Required.')).toBeNull());
  });

  it('Publish asks first, then saves the changes and publishes', async () => {
    signedIn();
    const api = stubApi(opsRoutes());
    await renderApp('/ops/templates/edit?id=1');
    const user = userEvent.setup();
    const input = within(await screen.findByRole('group', { name: 'Headline' })).getByLabelText('English');
    await user.type(input, '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this template?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to(PATHS.opsPublish)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.to(PATHS.opsPublish)).toHaveLength(1));
    expect(api.to(PATHS.opsSave)).toHaveLength(1);
    expect(api.calls.findIndex((c) => c.path === PATHS.opsSave)).toBeLessThan(api.calls.findIndex((c) => c.path === PATHS.opsPublish));
    expect(api.to(PATHS.opsPublish)[0]?.body).toEqual({ id: 1 });
  });

  it('New template creates with the config and opens the new id', async () => {
    signedIn();
    const api = stubApi(opsRoutes());
    await renderApp('/ops/templates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'New template' }));
    await screen.findByRole('heading', { level: 1, name: 'New template' });
    const name = screen.getByLabelText('Internal name (not shown to visitors)');
    await user.clear(name);
    await user.type(name, 'Autumn');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to(PATHS.opsCreate)).toHaveLength(1));
    expect((api.to(PATHS.opsCreate)[0]?.body as { config: { name: string } }).config.name).toBe('Autumn');
    await expectLocation('/ops/templates/edit?id=7');
  });
});
