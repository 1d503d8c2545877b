import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getLang } from '@lendview/i18n';
import { OPS_LANG_KEY } from '../lib/operator-lang.ts';
import { PATHS, queue, queueItem } from '../test/fixtures.ts';
import { ok, renderApp, signIn, stubConsole } from '../test/render.tsx';

describe("the operator's language", () => {
  it('the toggle switches every text and is remembered on this device', async () => {
    signIn();
    const api = stubConsole({ [PATHS.queue]: ok(queue([queueItem()])) });
    await renderApp('/ops');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group.querySelector('[aria-pressed="true"]')?.textContent).toBe('English');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Antrean'));
    expect(screen.getByRole('navigation', { name: 'Bagian konsol' }).textContent).toBe('AntreanDana belum teralokasiHari liburRilis');
    expect(screen.getByText('Masuk sebagai ops-support')).toBeTruthy();
    expect(localStorage.getItem(OPS_LANG_KEY)).toBe('id');
    // The queue is asked again: type titles come from the server in the operator's language.
    await waitFor(() => expect(api.to(PATHS.queue).at(-1)!.headers['accept-language']).toBe('id'));
  });

  it('a remembered language applies when the console opens', async () => {
    signIn();
    localStorage.setItem(OPS_LANG_KEY, 'id');
    stubConsole({ [PATHS.queue]: ok(queue([])) });
    await renderApp('/ops', { lang: 'en' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Antrean'));
    expect(getLang()).toBe('id');
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' }).getAttribute('aria-pressed')).toBe('true');
  });
});
