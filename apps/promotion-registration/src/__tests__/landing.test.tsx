import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS, SID, landingRoutes, template } from '../test/fixtures.ts';
import { currentLocation, expectLocation, expectToast, fail, ok, renderApp, stubApi } from '../test/render.tsx';

const URL1 = '/promo?templateId=1&app_from=fb&user_from=ad7&utm_tag=spring&links_id=L9';

async function openLanding(path = URL1, lang: 'en' | 'id' = 'en') {
  const r = await renderApp(path, { lang });
  await screen.findByRole('heading', { level: 1 });
  return r;
}

const phoneInput = () => screen.getByLabelText<HTMLInputElement>('Mobile number');
const captchaInput = () => screen.getByLabelText<HTMLInputElement>('Image captcha');
const smsInput = () => screen.getByLabelText<HTMLInputElement>('SMS code');
const captchaImg = () => screen.getByRole<HTMLImageElement>('img', { name: /Image captcha: type/ });

async function fillPhoneAndCaptcha(user: ReturnType<typeof userEvent.setup>) {
  await user.type(phoneInput(), '13812345678');
  await screen.findByRole('img', { name: /Image captcha: type/ });
  await user.type(captchaInput(), 'ab12');
}

describe('template-driven landing', () => {
  it('shows the English texts and the theme colours of the template', async () => {
    stubApi(landingRoutes());
    const { container } = await openLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Loans up to ₹80,000 in 2 hours' })).toBeTruthy();
    expect(screen.getByText('More than 3 million users')).toBeTruthy();
    expect(screen.getByText('Salary of ₹12,000 and above')).toBeTruthy();
    expect(screen.getByText('No collateral')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registration agreement' })).toBeTruthy();
    expect(screen.getByText('LendView')).toBeTruthy();
    const root = container.querySelector<HTMLElement>('.pr-landing')!;
    expect(root.style.getPropertyValue('--pr-from')).toBe('#0f766e');
    expect(root.style.getPropertyValue('--pr-to')).toBe('#134e4a');
    expect(root.style.getPropertyValue('--pr-font')).toBe('#fefce8');
    expect(root.style.getPropertyValue('--pr-highlight')).toBe('#f59e0b');
    // Amber is light: the Apply label is dark for contrast.
    expect(root.style.getPropertyValue('--pr-on-highlight')).toBe('#111827');
  });

  it('shows the Indonesian texts without isNeedPop', async () => {
    stubApi(landingRoutes());
    await openLanding(URL1, 'id');
    expect(screen.getByRole('heading', { level: 1, name: 'Pinjaman hingga Rp 15.000.000 dalam 2 jam' })).toBeTruthy();
    expect(screen.getByText('Gaji Rp 5.000.000 ke atas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajukan sekarang' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Perjanjian pendaftaran' })).toBeTruthy();
    expect(screen.getByLabelText('Nomor ponsel')).toBeTruthy();
  });

  it('fetches the template by id and tracks one visit with the channel parameters', async () => {
    const api = stubApi(landingRoutes());
    await openLanding();
    expect(api.to(PATHS.template)[0]?.body).toMatchObject({ templateId: '1' });
    await waitFor(() => expect(api.to(PATHS.visit)).toHaveLength(1));
    expect(api.to(PATHS.visit)[0]?.body).toEqual({
      page_id: '1',
      user_from: 'ad7',
      client_type: 'other',
      page_type: '1',
      utm_tag: 'spring',
      app_from: 'fb',
    });
  });

  it('template fetch non-00: the server message in a panel, not a blank page', async () => {
    stubApi(landingRoutes({ [PATHS.template]: fail('This page is no longer available.') }));
    await renderApp(URL1);
    expect(await screen.findByText('This page is no longer available.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'This page is not available' })).toBeTruthy();
    expect(screen.queryByLabelText('Mobile number')).toBeNull();
  });

  it('template fetch without an answer: error, and Try again fetches again', async () => {
    let n = 0;
    stubApi(landingRoutes({ [PATHS.template]: () => (n++ === 0 ? 'network-error' : ok(template())) }));
    await renderApp(URL1);
    expect(await screen.findByText('The network is not available. Check your connection and try again.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Loans up to ₹80,000 in 2 hours' })).toBeTruthy();
  });

  it('a link without a template id says so', async () => {
    const api = stubApi(landingRoutes());
    await renderApp('/promo');
    expect(await screen.findByText('This link is incomplete. Please open the link from the advertisement again.')).toBeTruthy();
    expect(api.to(PATHS.template)).toHaveLength(0);
  });

  it('shows the captcha image of the sid from get-sid', async () => {
    stubApi(landingRoutes());
    await openLanding();
    const img = await screen.findByRole('img', { name: /Image captcha: type/ });
    const src = new URL((img as HTMLImageElement).src, 'http://localhost');
    expect(src.pathname).toBe('/api/v2/lendview/promotion/get-captcha');
    expect(src.searchParams.get('sid')).toBe(SID);
    expect(src.searchParams.get('timestamp')).toMatch(/^\d+$/);
  });
});

describe('form rules (spec 5)', () => {
  it('caps typing and pasting: mobile digits only up to 11, captcha 4, SMS code 6', async () => {
    stubApi(landingRoutes());
    await openLanding();
    const user = userEvent.setup();
    await user.type(phoneInput(), '13a8-1234 5678999');
    expect(phoneInput().value).toBe('13812345678');
    fireEvent.change(phoneInput(), { target: { value: '+62 812 3456 78901' } });
    expect(phoneInput().value).toBe('62812345678');
    await user.type(captchaInput(), 'abcdef');
    expect(captchaInput().value).toBe('abcd');
    await user.click(smsInput());
    await user.paste('12345678');
    expect(smsInput().value).toBe('123456');
  });

  it('refreshing the captcha needs a valid mobile number first', async () => {
    const api = stubApi(landingRoutes());
    await openLanding();
    const user = userEvent.setup();
    await screen.findByRole('img', { name: /Image captcha: type/ });
    await user.click(screen.getByRole('button', { name: 'Show a new captcha' }));
    expect(screen.getByText('Please enter the phone number correctly!')).toBeTruthy();
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phoneInput());
    expect(api.to(PATHS.sid)).toHaveLength(1);

    await user.type(phoneInput(), '13812345678');
    expect(screen.queryByText('Please enter the phone number correctly!')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show a new captcha' }));
    await waitFor(() => expect(api.to(PATHS.sid)).toHaveLength(2));
    await waitFor(() => expect(captchaImg().src).toContain('sid=sid-0002'));
  });

  it('get code checks the phone, then the captcha; nothing is sent until both are right', async () => {
    const api = stubApi(landingRoutes());
    await openLanding();
    const user = userEvent.setup();
    await screen.findByRole('img', { name: /Image captcha: type/ });
    await user.type(phoneInput(), '12345678901');
    await user.click(screen.getByRole('button', { name: 'get code' }));
    expect(screen.getByText('Please enter the phone number correctly!')).toBeTruthy();
    expect(screen.getByText('Please enter the image captcha correctly!')).toBeTruthy();
    await user.clear(phoneInput());
    await user.type(phoneInput(), '13812345678');
    await user.click(screen.getByRole('button', { name: 'get code' }));
    expect(screen.queryByText('Please enter the phone number correctly!')).toBeNull();
    expect(screen.getByText('Please enter the image captcha correctly!')).toBeTruthy();
    expect(api.to(PATHS.sms)).toHaveLength(0);
    // The typed phone is kept through every refusal.
    expect(phoneInput().value).toBe('13812345678');
  });

  it('Apply checks all three fields, SMS code included', async () => {
    const api = stubApi(landingRoutes());
    await openLanding();
    const user = userEvent.setup();
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'Apply now' }));
    expect(screen.getByText('Please enter the SMS code correctly!')).toBeTruthy();
    expect(document.activeElement).toBe(smsInput());
    expect(api.to(PATHS.register)).toHaveLength(0);
    expect(api.to(PATHS.click)).toHaveLength(0);
  });
});

describe('SMS code button (spec 4.4) and get-sms answers (spec 8)', () => {
  it('0: toast, then 60 → 59 … → ready; pressing meanwhile says Do not send the code repeatedly!', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(landingRoutes({ [PATHS.sms]: ok({ resendAfter: 60 }, 0) }));
    await openLanding();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('verification code sent, please check your phone');
    expect(api.to(PATHS.sms)[0]?.body).toEqual({
      phone: '13812345678',
      capcode: 'ab12',
      sid: SID,
      deviceId: '',
      appName: 'LendView',
      app_from: 'fb',
      user_from: 'ad7',
      utm_tag: 'spring',
    });
    const button = await screen.findByRole('button', { name: '60s' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59s' })).toBe(button);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('58s');

    await user.click(button);
    await expectToast('Do not send the code repeatedly!');
    expect(api.to(PATHS.sms)).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(57_000));
    expect(button.textContent).toBe('1s');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('get code');
    expect(button.getAttribute('aria-disabled')).toBeNull();

    // The first picture was spent on the first code: a new picture is asked for and nothing is sent.
    await user.click(button);
    expect(await screen.findByText('Enter the new picture code to get another SMS code.')).toBeTruthy();
    await waitFor(() => expect(captchaImg().src).toContain('sid=sid-0002'));
    expect(captchaInput().value).toBe('');
    expect(api.to(PATHS.sms)).toHaveLength(1);
    await user.type(captchaInput(), 'cd34');
    await user.click(button);
    await waitFor(() => expect(api.to(PATHS.sms)).toHaveLength(2));
    expect(api.to(PATHS.sms)[1]?.body).toMatchObject({ sid: 'sid-0002', capcode: 'cd34' });
  });

  it('Apply after a code was sent registers with the captcha that code was sent with, even once a new picture shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(landingRoutes({ [PATHS.sms]: ok({ resendAfter: 60 }, 0), [PATHS.register]: ok({ registered: true }, 0) }));
    await openLanding();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('verification code sent, please check your phone');
    await act(async () => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await waitFor(() => expect(captchaImg().src).toContain('sid=sid-0002'));
    await user.type(smsInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Apply now' }));
    await expectToast('registration succeeded');
    expect(api.to(PATHS.register)[0]?.body).toMatchObject({ phone: '13812345678', sid: SID, capcode: 'ab12', smsCode: '654321' });
  });

  it('101: a new captcha and the server message; no countdown', async () => {
    const api = stubApi(landingRoutes({ [PATHS.sms]: fail('The image captcha is wrong.', 101) }));
    await openLanding();
    const user = userEvent.setup();
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('The image captcha is wrong.');
    await waitFor(() => expect(api.to(PATHS.sid)).toHaveLength(2));
    await waitFor(() => expect(captchaImg().src).toContain('sid=sid-0002'));
    expect(captchaInput().value).toBe('');
    expect(phoneInput().value).toBe('13812345678');
    expect(screen.getByRole('button', { name: 'get code' })).toBeTruthy();
  });

  it('11: You have registered…, then the download page with the channel query', async () => {
    stubApi(landingRoutes({ [PATHS.sms]: fail('Already registered', 11) }));
    await openLanding();
    const user = userEvent.setup();
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('You have registered, please download the APP to log in!');
    await expectLocation(`${URL1}#/downloadTemplate?app_from=fb&user_from=ad7&utm_tag=spring&id=1&links_id=L9`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the app and log in' })).toBeTruthy();
  });

  it('another code: the server message; no answer: error', async () => {
    let n = 0;
    stubApi(landingRoutes({ [PATHS.sms]: () => (n++ === 0 ? fail('Too many codes today.', 'RATE_LIMITED') : 'network-error') }));
    await openLanding();
    const user = userEvent.setup();
    await fillPhoneAndCaptcha(user);
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('Too many codes today.');
    await user.click(screen.getByRole('button', { name: 'get code' }));
    await expectToast('The network is not available. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'get code' })).toBeTruthy();
  });
});

describe('register answers (spec 8)', () => {
  async function applyWith(answer: Parameters<typeof stubApi>[0][string]) {
    const api = stubApi(landingRoutes({ [PATHS.register]: answer }));
    await openLanding();
    const user = userEvent.setup();
    await fillPhoneAndCaptcha(user);
    await user.type(smsInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Apply now' }));
    return api;
  }

  it('0: click tracking, registration succeeded, the conversion bridge call, the download page', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('webkit', { messageHandlers: { lendview: { postMessage: (m: unknown) => posted.push(m) } } });
    const api = await applyWith(ok({ registered: true }, 0));
    await expectToast('registration succeeded');
    expect(api.to(PATHS.click)[0]?.body).toEqual({
      page_id: '1',
      user_from: 'ad7',
      client_type: 'other',
      page_type: '1',
      utm_tag: 'spring',
      app_from: 'fb',
      phone: '13812345678',
    });
    expect(api.to(PATHS.register)[0]?.body).toEqual({
      phone: '13812345678',
      capcode: 'ab12',
      sid: SID,
      deviceId: '',
      appName: 'LendView',
      app_from: 'fb',
      user_from: 'ad7',
      utm_tag: 'spring',
      smsCode: '654321',
      merchantNumber: '0',
      userName: '13812345678',
      invite_code: '',
      id: '1',
    });
    expect(posted).toEqual([
      { action: 'trackPoint', name: 'promotion_register', data: { templateId: 1, app_from: 'fb', user_from: 'ad7', utm_tag: 'spring' } },
    ]);
    await expectLocation(`${URL1}#/downloadTemplate?app_from=fb&user_from=ad7&utm_tag=spring&id=1&links_id=L9`);
  });

  it('11: You have registered…, the download page', async () => {
    await applyWith(fail('Registered', 11));
    await expectToast('You have registered, please download the APP to log in!');
    await expectLocation(`${URL1}#/downloadTemplate?app_from=fb&user_from=ad7&utm_tag=spring&id=1&links_id=L9`);
  });

  it('-1: a new captcha and the message; the SMS code typed stays', async () => {
    const api = await applyWith(fail('Please get a new code with the new captcha.', -1));
    await expectToast('Please get a new code with the new captcha.');
    await waitFor(() => expect(api.to(PATHS.sid)).toHaveLength(2));
    expect(smsInput().value).toBe('654321');
    expect(currentLocation()).toBe(URL1);
  });

  it('another code: the server message, and the form stays as typed', async () => {
    await applyWith(fail('The SMS code is wrong.', 'BAD_REQUEST'));
    await expectToast('The SMS code is wrong.');
    expect(phoneInput().value).toBe('13812345678');
    expect(smsInput().value).toBe('654321');
    expect(currentLocation()).toBe(URL1);
  });

  it('no answer: error', async () => {
    await applyWith('network-error');
    await expectToast('The network is not available. Check your connection and try again.');
    expect(currentLocation()).toBe(URL1);
  });
});

describe('download and agreement pages (spec 2.6)', () => {
  it('download: app name, headline, the visitor platform first (Android)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    stubApi(landingRoutes());
    await renderApp('/promo?templateId=1#/downloadTemplate?app_from=fb&id=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the app and log in' })).toBeTruthy();
    expect(screen.getByText('LendView')).toBeTruthy();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('https://'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://play.google.com/store/apps/details?id=lendview',
      'https://apps.apple.com/app/lendview',
    ]);
    expect(links[0]?.textContent).toContain('Download');
    expect(links[0]?.textContent).toContain('Android');
    expect(links[1]?.textContent).toBe('Also available for iPhone');
  });

  it('download: iPhone first on iOS; reachable with only id in the hash query', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    const api = stubApi(landingRoutes());
    await renderApp('/promo#/downloadTemplate?id=1');
    await screen.findByRole('heading', { level: 1, name: 'Get the app and log in' });
    expect(api.to(PATHS.template)[0]?.body).toMatchObject({ templateId: '1' });
    const first = screen.getAllByRole('link').find((a) => a.getAttribute('href')?.startsWith('https://'));
    expect(first?.getAttribute('href')).toBe('https://apps.apple.com/app/lendview');
    // The download page is not a visit of the landing.
    expect(api.to(PATHS.visit)).toHaveLength(0);
  });

  it('agreement: title and plain-text paragraphs (markup shown as text), back to the form', async () => {
    stubApi(landingRoutes());
    await openLanding();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Registration agreement' }));
    await expectLocation(`${URL1}#/agreementTemplate?app_from=fb&user_from=ad7&utm_tag=spring&id=1&links_id=L9`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration agreement' })).toBeTruthy();
    const article = document.querySelector('.pr-agreement-body')!;
    const paragraphs = within(article as HTMLElement).getAllByText(/paragraph/);
    expect(paragraphs.map((p) => p.textContent)).toEqual(['First paragraph.', '<b>Second</b> paragraph,\nwith a line break.']);
    expect(article.querySelector('b')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to registration' }));
    await expectLocation(URL1);
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
  });
});
