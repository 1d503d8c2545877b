import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Envelope } from '@lendview/contracts';
import { setSharedParams } from '@lendview/api-client';
import { draftKey } from '../lib/draft.ts';
import { PATHS, problemInit } from '../test/fixtures.ts';
import { type Handler, currentLocation, fail, ok, renderApp, stubApi, stubUploads, toastText } from '../test/render.tsx';

const FORM = '/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170';
const KEY = draftKey('2', 'DEMO-170');

function setup(extra: Record<string, Handler> = {}) {
  const api = stubApi({ [PATHS.init]: ok(problemInit()), ...extra });
  const uploads = stubUploads();
  return { api, uploads };
}

async function open(path = FORM, lang: 'en' | 'id' = 'en') {
  await renderApp(path, { lang });
  // The type row shows the type's title once problem-init has answered.
  await waitFor(() => expect(screen.getByTestId('complaint-type').textContent).not.toBe(''));
}

const textbox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Your comments and suggestions|Komentar dan saran Anda/ });
const counter = () => screen.getByTestId('counter').querySelector('[aria-hidden="true"]')?.textContent;
const photoInput = () => screen.queryByTestId<HTMLInputElement>('photo-input');
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type: 'image/png' });
const submit = () => screen.getByRole('button', { name: /^(Submit|Kirim)$/ });

/** Adds photos through the file input and answers every upload with its URL. */
async function addUploaded(uploads: ReturnType<typeof stubUploads>, names: string[]) {
  const before = uploads.length;
  await userEvent.setup().upload(photoInput()!, names.map(png));
  await waitFor(() => expect(uploads.length).toBe(before + names.length));
  for (const [i, xhr] of uploads.slice(before).entries()) act(() => xhr.respond(ok({ url: `/uploads/${names[i]}` })));
  await waitFor(() => expect(document.querySelectorAll('.cc-photo.is-done').length).toBeGreaterThanOrEqual(names.length));
}

describe('/complainPageNext: the text', () => {
  it('shows the type and order, and counts characters x/200', async () => {
    setup();
    await open();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Submit a complaint']);
    expect(screen.getByTestId('complaint-type').textContent).toBe('Repayment');
    expect(screen.getByText('DEMO-170')).toBeTruthy();
    expect(counter()).toBe('0/200');
    await userEvent.setup().type(textbox(), 'Hello');
    expect(counter()).toBe('5/200');
  });

  it('typing past 200 is ignored', async () => {
    setup();
    await open();
    const user = userEvent.setup();
    fireEvent.change(textbox(), { target: { value: 'a'.repeat(199) } });
    await user.type(textbox(), 'bcd');
    expect(textbox().value).toBe(`${'a'.repeat(199)}b`);
    expect(textbox().value).toHaveLength(200);
    expect(counter()).toBe('200/200');
  });

  it('a paste keeps only what fits', async () => {
    setup();
    await open();
    const user = userEvent.setup();
    await user.type(textbox(), 'Start: ');
    await user.click(textbox());
    await user.paste('x'.repeat(300));
    expect(textbox().value).toBe(`Start: ${'x'.repeat(193)}`);
    expect(counter()).toBe('200/200');
  });

  it("an empty submit says 'Please fill in your comments and suggestions' and sends nothing", async () => {
    const { api } = setup();
    await open();
    await userEvent.setup().type(textbox(), '   ');
    await userEvent.setup().click(submit());
    expect(toastText()).toBe('Please fill in your comments and suggestions');
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    expect(api.to(PATHS.save)).toHaveLength(0);
  });

  it('says it in Indonesian too', async () => {
    const { api } = setup();
    await open(FORM, 'id');
    await userEvent.setup().click(submit());
    expect(toastText()).toBe('Silakan isi komentar dan saran Anda');
    expect(api.to(PATHS.save)).toHaveLength(0);
  });
});

describe('/complainPageNext: photos', () => {
  it('uploads each photo as it is added (field problemImage) and shows its progress', async () => {
    const { uploads } = setup();
    await open();
    await userEvent.setup().upload(photoInput()!, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[0]!.url.startsWith('/user-problem/upload-problem-img')).toBe(true);
    expect(uploads[0]!.file()?.name).toBe('a.png');
    act(() => uploads[0]!.progress(0.5));
    expect(await screen.findByRole('progressbar', { name: 'Uploading 50%' })).toBeTruthy();
    expect(screen.getAllByTestId('photo')[0]!.textContent).toContain('50%');
    act(() => uploads[0]!.respond(ok({ url: '/uploads/a.jpg' })));
    await waitFor(() => expect(document.querySelectorAll('.cc-photo.is-done')).toHaveLength(1));
    expect(screen.getByText('2/9')).toBeTruthy();
  });

  it('takes at most 9: the add control goes away and a 10th is ignored', async () => {
    const { uploads } = setup();
    await open();
    await userEvent.setup().upload(
      photoInput()!,
      Array.from({ length: 10 }, (_, i) => png(`p${i}.png`)),
    );
    await waitFor(() => expect(uploads).toHaveLength(9));
    expect(screen.getAllByTestId('photo')).toHaveLength(9);
    expect(photoInput()).toBeNull();
    expect(screen.queryByText('Add photo')).toBeNull();
    expect(toastText()).toBe('You can add up to 9 photos.');
    expect(screen.getByText('9/9')).toBeTruthy();
  });

  it('adding past 9 in two steps is ignored as well; removing one brings the add control back', async () => {
    const { uploads } = setup();
    await open();
    await addUploaded(
      uploads,
      ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => `${n}.png`),
    );
    await userEvent.setup().upload(photoInput()!, [png('9.png'), png('10.png')]);
    await waitFor(() => expect(uploads).toHaveLength(9));
    expect(screen.getAllByTestId('photo')).toHaveLength(9);
    expect(photoInput()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getAllByTestId('photo')).toHaveLength(8);
    expect(photoInput()).not.toBeNull();
  });

  it('a failed upload keeps the photo with a retry on it', async () => {
    const { uploads } = setup();
    await open();
    await userEvent.setup().upload(photoInput()!, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[0]!.respond(ok({ url: '/uploads/a.jpg' })));
    act(() => uploads[1]!.respond(fail('The file is too large', 'PAYLOAD_TOO_LARGE')));
    const retry = await screen.findByRole('button', { name: 'Retry, upload photo 2' });
    expect(toastText()).toBe('The file is too large');
    expect(screen.getAllByTestId('photo')).toHaveLength(2);
    expect(within(screen.getAllByTestId('photo')[1]!).getByText('Upload failed')).toBeTruthy();
    await userEvent.setup().click(retry);
    expect(uploads).toHaveLength(3);
    expect(uploads[2]!.file()?.name).toBe('b.png');
    act(() => uploads[2]!.respond(ok({ url: '/uploads/b.jpg' })));
    await waitFor(() => expect(document.querySelectorAll('.cc-photo.is-done')).toHaveLength(2));
  });

  it('a network failure also leaves a retry', async () => {
    const { uploads } = setup();
    await open();
    await userEvent.setup().upload(photoInput()!, [png('a.png')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.fail());
    expect(await screen.findByRole('button', { name: 'Retry, upload photo 1' })).toBeTruthy();
    expect(toastText()).toBe('Network error. Please try again.');
  });

  it('submit waits for photos still uploading', async () => {
    const { api, uploads } = setup();
    await open();
    await userEvent.setup().type(textbox(), 'Paid twice');
    await userEvent.setup().upload(photoInput()!, [png('a.png')]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    await userEvent.setup().click(submit());
    expect(toastText()).toBe('Please wait until your photos are uploaded.');
    expect(api.to(PATHS.save)).toHaveLength(0);
  });
});

describe('/complainPageNext: submit and draft', () => {
  it('sends type, sub-type, text, the photo URLs comma-joined and the order', async () => {
    const { api, uploads } = setup({ [PATHS.save]: ok({ problemId: 9 }) });
    await open('/complainPageNext?problemType=1&problemSonType=2&orderNo=DEMO-170');
    expect(screen.getByTestId('complaint-type').textContent).toBe('Collection · Contacting my family or friends');
    await userEvent.setup().type(textbox(), '  A collector called my mother.  ');
    await addUploaded(uploads, ['a.png', 'b.png']);
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(1));
    expect(api.to(PATHS.save)[0]!.body).toEqual({
      problemType: '1',
      problemSonType: '2',
      problemDetail: 'A collector called my mother.',
      problemImage: '/uploads/a.png,/uploads/b.png',
      orderNo: 'DEMO-170',
    });
  });

  it('keeps the text and photos (and the draft) when the submit fails, and restores them on reload', async () => {
    const { api, uploads } = setup({ [PATHS.save]: fail('Please try again later', 'SERVER_ERROR') });
    const first = await renderApp(FORM);
    await userEvent.setup().type(textbox(), 'My payment is missing');
    await addUploaded(uploads, ['proof.png']);
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(1));
    await waitFor(() => expect(toastText()).toBe('Please try again later'));
    expect(textbox().value).toBe('My payment is missing');
    expect(screen.getAllByTestId('photo')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ text: 'My payment is missing', images: ['/uploads/proof.png'] });

    // The web view is closed and opened again.
    first.unmount();
    await open();
    expect(textbox().value).toBe('My payment is missing');
    expect(screen.getAllByTestId('photo')).toHaveLength(1);
    expect(document.querySelectorAll('.cc-photo.is-done')).toHaveLength(1);
    expect((screen.getAllByTestId('photo')[0]!.querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('/uploads/proof.png');
  });

  it("a restored draft's photo is fetched with the session header, never with the session in a URL", async () => {
    const signed = '/user-problem/image/d.jpg?exp=1738380000&sig=ddddddddddddddddddddddddddddddddddddddddddd';
    localStorage.setItem(KEY, JSON.stringify({ text: 'Old draft', images: [signed], savedAt: Date.now() - 60 * 60 * 1000 }));
    setSharedParams({ tok: 'tok-9' });
    const { api } = setup();
    // The photo answers as an image (stubApi answers envelopes only).
    const envelopes = api.fetchMock.getMockImplementation()!;
    const photoCalls: { url: string; headers: Headers }[] = [];
    api.fetchMock.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/user-problem/image/')) return envelopes(input, init);
      photoCalls.push({ url, headers: new Headers(init?.headers) });
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
    });
    // jsdom has no object URLs: a stand-in for this test, put back at the end.
    const saved = ['createObjectURL', 'revokeObjectURL'].map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:draft-photo'), configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    onTestFinished(() => {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      }
      setSharedParams({ tok: undefined });
    });
    await open();
    await waitFor(() => expect(photoCalls).toHaveLength(1));
    expect(photoCalls[0]!.headers.get('x-lv-token')).toBe('tok-9');
    // The path alone: neither the (maybe expired) signature nor the session in the URL.
    expect(photoCalls[0]!.url).toBe('/user-problem/image/d.jpg');
    await waitFor(() =>
      expect((screen.getAllByTestId('photo')[0]!.querySelector('img') as HTMLImageElement).getAttribute('src')).toBe('blob:draft-photo'),
    );
    for (const img of document.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').not.toMatch(/tok/);
    // The draft keeps the URL the API gave (the save takes the photo's id from it).
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ images: [signed] });
  });

  it('a network failure on submit keeps everything too', async () => {
    setup({ [PATHS.save]: 'network-error' });
    await open();
    await userEvent.setup().type(textbox(), 'Still unpaid');
    await userEvent.setup().click(submit());
    await waitFor(() => expect(toastText()).toBe('Network error. Please try again.'));
    expect(textbox().value).toBe('Still unpaid');
    expect(localStorage.getItem(KEY)).not.toBeNull();
  });

  it('sends one Idempotency-Key per filling of the form, the same on a retry after a lost answer', async () => {
    let calls = 0;
    const { api } = setup({ [PATHS.save]: () => (++calls === 1 ? 'network-error' : ok({ problemId: 5 })) });
    await open();
    await userEvent.setup().type(textbox(), 'Charged twice');
    await userEvent.setup().click(submit());
    await waitFor(() => expect(toastText()).toBe('Network error. Please try again.'));
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(2));
    const [first, retry] = api.to(PATHS.save).map((c) => c.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(api.to(PATHS.save)[1]!.body).toMatchObject({ problemDetail: 'Charged twice' });
  });

  it('another filling of the form gets another key', async () => {
    const { api } = setup({ [PATHS.save]: ok({ problemId: 6 }) });
    const first = await renderApp(FORM);
    await userEvent.setup().type(textbox(), 'First');
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(1));
    first.unmount();
    await open();
    await userEvent.setup().type(textbox(), 'Second');
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(2));
    const keys = api.to(PATHS.save).map((c) => c.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('on success: the draft is cleared, the success modal shows for 1.5 s, then back to the complaint entry', async () => {
    let answer!: (e: Envelope<unknown>) => void;
    const { api } = setup({ [PATHS.save]: () => new Promise((r) => (answer = r)) });
    // The entry page's chunk is loaded once beforehand, so that going there later is immediate and the
    // "not before 1.5 s" check below cannot pass merely because the navigation is still loading.
    const warm = await renderApp('/complaint?orderNo=DEMO-170');
    await screen.findByRole('heading', { level: 1, name: 'Complaints and help' });
    warm.unmount();
    await open();
    await userEvent.setup().type(textbox(), 'My payment is missing');
    expect(localStorage.getItem(KEY)).not.toBeNull();
    await userEvent.setup().click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await act(async () => {
      answer(ok({ problemId: 12 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('dialog', { name: 'Complaint submitted' })).toBeTruthy();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(currentLocation()).toBe(FORM);

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(currentLocation()).toBe(FORM);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(currentLocation()).toBe('/complaint?orderNo=DEMO-170'));
    // The draft stays cleared: nothing was written back on the way out.
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('/complainPageNext without a type (from the chatbot)', () => {
  it('asks for the type; submit without one says so and sends nothing', async () => {
    const { api } = setup();
    await renderApp('/complainPageNext?orderNo=DEMO-170');
    const select = await screen.findByRole('combobox', { name: 'Complaint type' });
    await userEvent.setup().type(textbox(), 'Something is wrong');
    await userEvent.setup().click(submit());
    expect(toastText()).toBe('Please choose the type of your complaint');
    expect(api.to(PATHS.save)).toHaveLength(0);
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Choose a type',
      'Collection',
      'Repayment',
      'Loan application',
    ]);
  });

  it('collection asks what happened, then sends both', async () => {
    const { api } = setup({ [PATHS.save]: ok({ problemId: 3 }) });
    await renderApp('/complainPageNext?orderNo=DEMO-170');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Complaint type' }), 'Collection');
    await user.type(textbox(), 'Calls at night');
    await user.click(submit());
    expect(toastText()).toBe('Please choose what happened');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What happened?' }), 'Harassing calls or messages');
    await user.click(submit());
    await waitFor(() => expect(api.to(PATHS.save)).toHaveLength(1));
    expect(api.to(PATHS.save)[0]!.body).toMatchObject({ problemType: '1', problemSonType: '1', problemDetail: 'Calls at night' });
  });

  it('collection is refused for an order whose isShow is not 1', async () => {
    const init = problemInit();
    setup({ [PATHS.init]: ok({ ...init, orderDetail: { ...init.orderDetail!, isShow: 0 } }) });
    await renderApp('/complainPageNext?orderNo=DEMO-170');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Complaint type' });
    await userEvent.setup().selectOptions(select, 'Collection');
    expect(toastText()).toBe('The selected order does not support sending collection types');
    expect(select.value).toBe('');
  });

  it('problemIndex picks the type at that position of the list', async () => {
    setup();
    await open('/complainPageNext?problemIndex=2&orderNo=DEMO-170');
    expect(screen.getByTestId('complaint-type').textContent).toBe('Loan application');
  });
});
