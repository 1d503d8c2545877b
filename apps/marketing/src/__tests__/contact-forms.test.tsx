import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fetchedUrls, renderApp, stubFetch } from '../test/render.tsx';

const INCOMPLETE = 'Please provide complete information!';
const SUCCESS = 'Submit successfully！';

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
  return (within(form()).getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(form()).getByRole('button', { name: 'Submit' }));
}

describe.each([
  ['/', 'home', HOME_FIELDS],
  ['/Contact', '/Contact', CONTACT_FIELDS],
])('contact form on %s', (path, _name, fields) => {
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

  it('accepts a complete form, clears it and sends nothing', async () => {
    const fetchMock = stubFetch();
    await renderApp(path, { fetchMock });
    const user = await fill(fields);
    const callsBefore = fetchMock.mock.calls.length;

    await submit(user);

    const ok = await screen.findByText(SUCCESS);
    expect(ok.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(INCOMPLETE)).toBeNull();
    for (const label of Object.keys(fields)) expect(valueOf(label)).toBe('');
    // The only call of the page is the contact info of the footer (home); the form adds none.
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
    expect(fetchedUrls(fetchMock).every((u) => u.includes('/v3/personal-center/contact-kf-info'))).toBe(true);
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
    await renderApp('/Contact', { lang: 'id' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Harap lengkapi semua informasi!')).toBeTruthy();
    await user.type(screen.getByLabelText('Nama'), 'Budi');
    await user.type(screen.getByLabelText('Nomor telepon'), '081234567890');
    await user.type(screen.getByLabelText('Pesan'), 'Halo');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Berhasil dikirim！')).toBeTruthy();
  });
});
