import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT, renderApp, stubFetch } from '../test/render.tsx';

const INCOMPLETE = 'Please provide complete information!';
const SUCCESS = 'Submit successfully！';
const SEND_FAILED = 'Your message could not be sent. Please check your connection and try again.';
const SEND_PATH = '/api/contact-messages';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * fetch for the contact forms: the footer's contact info as usual, and POST /api/contact-messages answering
 * success, a refusal envelope (`refuse`: its HTTP status and message), a network failure, or nothing yet.
 */
function stubApi(contact: { ok: true } | { refuse: number; message: string } | { network: true } | { pending: true }) {
  let release: () => void = () => {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes(SEND_PATH)) return json({ code: '00', data: CONTACT, message: '' });
    expect(init?.method).toBe('POST');
    if ('network' in contact) throw new TypeError('Failed to fetch');
    if ('pending' in contact) {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return json({ code: '00', data: { received: true }, message: SUCCESS });
    }
    if ('refuse' in contact) return json({ code: 'BAD_REQUEST', data: null, message: contact.message }, contact.refuse);
    return json({ code: '00', data: { received: true }, message: SUCCESS });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sends = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input instanceof Request ? input.url : input).includes(SEND_PATH))
      .map(([, init]) => Object.fromEntries(new URLSearchParams(typeof init?.body === 'string' ? init.body : '')));
  return { fetchMock, sends, release: () => release() };
}

type Filled = Record<string, string>;

const HOME_FIELDS: Filled = {
  'First name': 'Asha',
  Email: 'asha@example.com',
  'Phone number': '9876543210',
  Message: 'Please call me about a loan.',
};

const CONTACT_FIELDS: Filled = {
  Name: 'Asha Rao',
  'Phone number': '9876543210',
  Message: 'When will my money arrive?',
};

function form(): HTMLFormElement {
  const submit = screen.getByRole('button', { name: 'Submit' });
  const el = submit.closest('form');
  if (!el) throw new Error('no form');
  return el;
}

async function fill(values: Filled) {
  const user = userEvent.setup();
  const f = within(form());
  for (const [label, value] of Object.entries(values)) {
    await user.type(f.getByLabelText(label), value);
  }
  return user;
}

function valueOf(label: string): string {
  return within(form()).getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label).value;
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(form()).getByRole('button', { name: 'Submit' }));
}

describe.each([
  [
    '/',
    HOME_FIELDS,
    { source: 'home', name: 'Asha', email: 'asha@example.com', phone: '9876543210', message: 'Please call me about a loan.' },
  ],
  [
    '/Contact',
    CONTACT_FIELDS,
    { source: 'contact', name: 'Asha Rao', email: '', phone: '9876543210', message: 'When will my money arrive?' },
  ],
])('contact form on %s', (path, fields, expected) => {
  for (const missing of Object.keys(fields)) {
    it(`refuses a form without "${missing}" and keeps the typed text`, async () => {
      const fetchMock = stubFetch();
      await renderApp(path, { fetchMock });
      const { [missing]: _skip, ...rest } = fields;
      const user = await fill(rest);
      const callsBefore = fetchMock.mock.calls.length;

      await submit(user);

      const alert = await screen.findByText(INCOMPLETE);
      expect(alert.closest('[role="alert"]')).not.toBeNull();
      expect(screen.queryByText(SUCCESS)).toBeNull();
      for (const [label, value] of Object.entries(rest)) expect(valueOf(label)).toBe(value);
      expect(valueOf(missing)).toBe('');
      expect(within(form()).getByLabelText(missing).getAttribute('aria-invalid')).toBe('true');
      expect(fetchMock.mock.calls.length).toBe(callsBefore);
    });
  }

  it('treats a field of spaces only as missing', async () => {
    await renderApp(path);
    const user = await fill({ ...fields, Message: '   ' });
    await submit(user);
    expect(await screen.findByText(INCOMPLETE)).toBeTruthy();
  });

  it('sends a complete form to the API once, then shows the success toast and clears it', async () => {
    const api = stubApi({ ok: true });
    await renderApp(path, { fetchMock: api.fetchMock });
    const user = await fill(fields);
    expect(api.sends()).toEqual([]);

    await submit(user);

    const ok = await screen.findByText(SUCCESS);
    expect(ok.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(INCOMPLETE)).toBeNull();
    for (const label of Object.keys(fields)) expect(valueOf(label)).toBe('');
    expect(api.sends()).toEqual([expected]);
  });

  it('a refused send shows the server message and keeps the typed text', async () => {
    const api = stubApi({ refuse: 400, message: 'Please enter a valid email address.' });
    await renderApp(path, { fetchMock: api.fetchMock });
    const user = await fill(fields);
    await submit(user);

    const alert = await screen.findByText('Please enter a valid email address.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(SUCCESS)).toBeNull();
    for (const [label, value] of Object.entries(fields)) expect(valueOf(label)).toBe(value);
  });

  it('a failed connection shows its own message and keeps the typed text', async () => {
    const api = stubApi({ network: true });
    await renderApp(path, { fetchMock: api.fetchMock });
    const user = await fill(fields);
    await submit(user);

    const alert = await screen.findByText(SEND_FAILED);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(SUCCESS)).toBeNull();
    for (const [label, value] of Object.entries(fields)) expect(valueOf(label)).toBe(value);
  });

  it('sends once while a send is under way (the button is disabled)', async () => {
    const api = stubApi({ pending: true });
    await renderApp(path, { fetchMock: api.fetchMock });
    const user = await fill(fields);
    await submit(user);
    const button = within(form()).getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(button.disabled).toBe(true);
    fireEvent.submit(form());
    expect(api.sends()).toHaveLength(1);
    act(() => api.release());
    expect(await screen.findByText(SUCCESS)).toBeTruthy();
    expect(api.sends()).toHaveLength(1);
  });

  it('keeps digits only in the phone number', async () => {
    await renderApp(path);
    const phone = within(form()).getByLabelText('Phone number');
    act(() => {
      fireEvent.change(phone, { target: { value: '+91 98765-43210' } });
    });
    expect(valueOf('Phone number')).toBe('919876543210');
  });
});

describe('contact form in Indonesian', () => {
  it('shows the Indonesian messages', async () => {
    const api = stubApi({ ok: true });
    await renderApp('/Contact', { lang: 'id', fetchMock: api.fetchMock });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Harap lengkapi semua informasi!')).toBeTruthy();
    await user.type(screen.getByLabelText('Nama'), 'Budi');
    await user.type(screen.getByLabelText('Nomor telepon'), '081234567890');
    await user.type(screen.getByLabelText('Pesan'), 'Halo');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Berhasil dikirim！')).toBeTruthy();
    expect(api.sends()).toHaveLength(1);
  });

  it('a failed connection shows the Indonesian message and keeps the text', async () => {
    const api = stubApi({ network: true });
    await renderApp('/Contact', { lang: 'id', fetchMock: api.fetchMock });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nama'), 'Budi');
    await user.type(screen.getByLabelText('Nomor telepon'), '081234567890');
    await user.type(screen.getByLabelText('Pesan'), 'Halo');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Pesan Anda tidak dapat dikirim. Periksa koneksi Anda dan coba lagi.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Pesan').value).toBe('Halo');
  });
});
