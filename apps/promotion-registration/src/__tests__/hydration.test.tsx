import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter, MemoryRouter, StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { LANDING_TEMPLATE_ELEMENT } from '@lendview/contracts/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@lendview/ui';
import '../App.tsx';
import { seedLandingTemplate } from '../api/channel-template.ts';
import PromoPage from '../pages/PromoPage.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { saveRegistration } from '../lib/registration-store.ts';
import type { PromoQuery } from '../lib/promo-query.ts';
import { PATHS, SID, landingRoutes, template } from '../test/fixtures.ts';
import { setLang, stubApi } from '../test/render.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// /promo and /landing are server-rendered (issue 14) and hydrated in the browser (lib/use-hydrating.ts). What only the
// browser knows must not change the hydration render, else React throws the markup away (error #418): the
// registration's saved progress (lib/registration-store.ts, sessionStorage) is restored right after, and a #hash route
// (which the server never sees) is shown right after.

const query: PromoQuery = { templateId: 1, app_from: 'e2e', user_from: '', utm_tag: '', invite_code: '', links_id: '', down_id: '' };

function form() {
  return (
    <MemoryRouter>
      <AppProviders queryClient={createQueryClient()}>
        <RegistrationForm config={template()} lang="en" query={query} agreementTo="/agreement" />
      </AppProviders>
    </MemoryRouter>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  sessionStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The server's markup (no sessionStorage there: the empty form), hydrated in the browser with `saved` in the session. */
async function hydrateWith(saved: Parameters<typeof saveRegistration>[1] | null) {
  const api = stubApi(landingRoutes());
  const html = renderToString(form());
  if (saved) saveRegistration(1, saved);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, form(), { onRecoverableError: (e) => recoverable.push(e) });
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  return { api, container, recoverable, html };
}

const field = (c: HTMLElement, placeholder: string) => c.querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`)!;

describe('the registration form on a server-rendered page', () => {
  it('hydrates the empty form the server drew, then shows the saved phone, codes and captcha, with no new captcha asked', async () => {
    const at = Date.now() - 1_000;
    const { api, container, recoverable, html } = await hydrateWith({
      phone: '81234567890',
      captchaText: 'AB12',
      sms: '123456',
      captcha: { sid: 'sid-saved', at },
      sentWith: null,
    });
    expect(html).toContain('Loading the captcha');
    expect(html).not.toContain('81234567890');
    expect(recoverable).toEqual([]);
    expect(field(container, '11-digit mobile number').value).toBe('81234567890');
    expect(field(container, 'Enter captcha').value).toBe('AB12');
    expect(field(container, '6-digit code').value).toBe('123456');
    expect(container.querySelector('img.pr-captcha__img')?.getAttribute('src')).toContain('sid=sid-saved');
    expect(api.calls.filter((c) => c.path === PATHS.sid)).toEqual([]);
    // The progress is still saved (the hydration render's empty form did not overwrite it).
    expect(JSON.parse(sessionStorage.getItem('lendview.promo.registration.1')!)).toMatchObject({ phone: '81234567890' });
  });

  it('with nothing saved: hydrates as drawn and asks for one captcha', async () => {
    const { api, container, recoverable } = await hydrateWith(null);
    expect(recoverable).toEqual([]);
    expect(field(container, '11-digit mobile number').value).toBe('');
    expect(api.calls.filter((c) => c.path === PATHS.sid)).toHaveLength(1);
    expect(container.querySelector('img.pr-captcha__img')?.getAttribute('src')).toContain(`sid=${SID}`);
  });
});

/** A query client with template 1 in it, as /landing's server render and the page's data give it. */
function seeded(): QueryClient {
  const client = createQueryClient();
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `<script id="${LANDING_TEMPLATE_ELEMENT}" type="application/json">${JSON.stringify({ templateId: 1, data: template() })}</script>`;
  seedLandingTemplate(client, doc);
  return client;
}

describe('the landing opened at a hash route (#/agreementTemplate), server-rendered', () => {
  it('hydrates as the landing the server drew (it never sees the hash), then shows the agreement; no visit counted', async () => {
    await setLang('en');
    const api = stubApi(landingRoutes());
    const url = '/landing?templateId=1&isNeedPop=1&app_from=ad';
    const html = renderToString(
      <StaticRouter location={url}>
        <AppProviders queryClient={seeded()}>
          <PromoPage />
        </AppProviders>
      </StaticRouter>,
    );
    expect(html).toContain('Loans up to ₹80,000 in 2 hours');
    window.history.replaceState(null, '', `${url}#/agreementTemplate?links_id=L7`);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <BrowserRouter>
          <AppProviders queryClient={seeded()}>
            <PromoPage />
          </AppProviders>
        </BrowserRouter>,
        { onRecoverableError: (e) => recoverable.push(e) },
      );
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(recoverable).toEqual([]);
    const shown = [...container.querySelectorAll('h1')].filter((h) => !h.closest('[hidden]')).map((h) => h.textContent);
    expect(shown).toEqual(['Registration agreement']);
    expect(api.calls.filter((c) => c.path === PATHS.visit)).toEqual([]);
  });
});

describe('a link with its template only in the #hash query (#/downloadTemplate?id=1), server-rendered', () => {
  it('the server draws loading, not "incomplete link"; hydrated as drawn, then the download page', async () => {
    await setLang('en');
    stubApi(landingRoutes());
    const html = renderToString(
      <StaticRouter location="/promo?isNeedPop=1">
        <AppProviders queryClient={createQueryClient()}>
          <PromoPage />
        </AppProviders>
      </StaticRouter>,
    );
    expect(html).toContain('Loading the page…');
    expect(html).not.toContain('This link is incomplete');
    window.history.replaceState(null, '', '/promo?isNeedPop=1#/downloadTemplate?id=1');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <BrowserRouter>
          <AppProviders queryClient={createQueryClient()}>
            <PromoPage />
          </AppProviders>
        </BrowserRouter>,
        { onRecoverableError: (e) => recoverable.push(e) },
      );
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(template().download.headline.en);
  });
});
