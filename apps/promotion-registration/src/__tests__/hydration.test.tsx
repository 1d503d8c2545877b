import type { QueryClient } from '@tanstack/react-query';
import { LANDING_TEMPLATE_ELEMENT } from '@lendview/contracts/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateServerRendered, unmountHydrated } from '@lendview/test-utils';
import { createQueryClient } from '@lendview/ui';
import '../App.tsx';
import { seedLandingTemplate } from '../api/channel-template.ts';
import PromoPage from '../pages/PromoPage.tsx';
import { RegistrationForm } from '../components/RegistrationForm.tsx';
import { saveRegistration } from '../lib/registration-store.ts';
import type { PromoQuery } from '../lib/promo-query.ts';
import { PATHS, SID, landingRoutes, template } from '../test/fixtures.ts';
import { setLang, stubApi } from '../test/render.tsx';

// /promo and /landing are server-rendered (issue 14) and hydrated in the browser (useHydrating of @lendview/kit). What only the
// browser knows must not change the hydration render, else React throws the markup away (error #418): the
// registration's saved progress (lib/registration-store.ts, sessionStorage) is restored right after, and a #hash route
// (which the server never sees) is shown right after.

const query: PromoQuery = { templateId: 1, app_from: 'e2e', user_from: '', utm_tag: '', invite_code: '', links_id: '', down_id: '' };

afterEach(() => {
  unmountHydrated();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** The form as the server draws it (no sessionStorage there: empty), hydrated in the browser with `saved` in the session. */
async function hydrateWith(saved: Parameters<typeof saveRegistration>[1] | null) {
  await setLang('en');
  const api = stubApi(landingRoutes());
  if (saved) saveRegistration(1, saved);
  const out = await hydrateServerRendered(<RegistrationForm config={template()} lang="en" query={query} agreementTo="/agreement" />, {
    url: '/promo?templateId=1',
  });
  return { api, ...out };
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
    const { html, container, recoverable } = await hydrateServerRendered(<PromoPage />, {
      url: '/landing?templateId=1&isNeedPop=1&app_from=ad',
      hash: '#/agreementTemplate?links_id=L7',
      client: seeded,
    });
    expect(html).toContain('Loans up to ₹80,000 in 2 hours');
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
    const { html, container, recoverable } = await hydrateServerRendered(<PromoPage />, {
      url: '/promo?isNeedPop=1',
      hash: '#/downloadTemplate?id=1',
    });
    expect(html).toContain('Loading the page…');
    expect(html).not.toContain('This link is incomplete');
    expect(recoverable).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(template().download.headline.en);
  });
});
