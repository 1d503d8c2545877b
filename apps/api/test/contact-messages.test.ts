import { describe, expect, it } from 'vitest';
import type { OpsQueueItem } from '@lendview/contracts';
import { consoleGet, consolePost, expectOk, operatorToken } from './helpers/ops-console.ts';
import { BACKENDS, useTestApp } from './helpers/setup.ts';

const SEND = '/api/contact-messages';
const HOME = { source: 'home', name: 'Asha', email: 'asha@example.com', phone: '9876543210', message: 'Please call me about a loan.' };
const CONTACT = { source: 'contact', name: 'Asha Rao', phone: '9876543210', message: 'When will my money arrive?' };

describe.each(BACKENDS)('contact messages (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('stores a message from each form and lists it in the support queue as kind contact', async () => {
    const home = await consolePost(ctx, SEND, HOME, undefined, { ip: '198.51.100.1' });
    expect([home.status, home.code, home.data, home.message]).toEqual([200, '00', { received: true }, 'Submit successfully！']);
    const contact = await consolePost(ctx, SEND, CONTACT, undefined, { ip: '198.51.100.1', lang: 'id' });
    expect(contact.message).toBe('Berhasil dikirim！');

    const rows = await ctx.db.query<{ source: string; email: string; address_hash: string; lang: string }>(
      'SELECT source, email, address_hash, lang FROM contact_messages ORDER BY id',
    );
    expect(rows.map((r) => [r.source, r.email, r.lang])).toEqual([
      ['home', 'asha@example.com', 'en'],
      ['contact', '', 'id'],
    ]);
    // The address is kept only as a keyed hash, never the IP itself.
    expect(rows[0]!.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.1');

    const { token } = await operatorToken(ctx, 'contact-reader');
    const queue = expectOk(await consoleGet<{ items: OpsQueueItem[] }>(ctx, '/ops/api/console/queue', { kind: 'contact' }, token));
    expect(queue.items.map((i) => [i.kind, i.name, i.source, i.phone, i.type])).toEqual([
      ['contact', 'Asha', 'home', '987****3210', 'Contact message'],
      ['contact', 'Asha Rao', 'contact', '987****3210', 'Contact message'],
    ]);
  });

  it('refuses a wrong e-mail, a phone with anything but digits, missing or too long fields, in the sender language', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...HOME, email: 'asha@' }, 'Please enter a valid email address.', 'Silakan masukkan alamat email yang valid.'],
      [{ ...HOME, email: 'asha@example' }, 'Please enter a valid email address.', 'Silakan masukkan alamat email yang valid.'],
      [{ ...HOME, email: 'a..b@example.com' }, 'Please enter a valid email address.', 'Silakan masukkan alamat email yang valid.'],
      [{ ...HOME, email: '' }, 'Please enter a valid email address.', 'Silakan masukkan alamat email yang valid.'],
      [
        { ...HOME, email: 'asha@example.com\nBcc: x@y.io' },
        'Please enter a valid email address.',
        'Silakan masukkan alamat email yang valid.',
      ],
      [
        { ...CONTACT, phone: '+62 812 3456' },
        'Please enter the phone number with digits only (6 to 15 digits).',
        'Silakan masukkan nomor telepon hanya dengan angka (6 sampai 15 digit).',
      ],
      [
        { ...CONTACT, phone: '12345' },
        'Please enter the phone number with digits only (6 to 15 digits).',
        'Silakan masukkan nomor telepon hanya dengan angka (6 sampai 15 digit).',
      ],
      [
        { ...CONTACT, phone: '1'.repeat(16) },
        'Please enter the phone number with digits only (6 to 15 digits).',
        'Silakan masukkan nomor telepon hanya dengan angka (6 sampai 15 digit).',
      ],
      [
        { ...CONTACT, name: '   ' },
        'Please enter your name (at most 100 characters).',
        'Silakan masukkan nama Anda (paling banyak 100 karakter).',
      ],
      [
        { ...CONTACT, name: 'x'.repeat(101) },
        'Please enter your name (at most 100 characters).',
        'Silakan masukkan nama Anda (paling banyak 100 karakter).',
      ],
      [
        { ...CONTACT, message: 'x'.repeat(1001) },
        'Please enter your message (at most 1000 characters).',
        'Silakan masukkan pesan Anda (paling banyak 1000 karakter).',
      ],
    ];
    const before = await ctx.db.query('SELECT id FROM contact_messages');
    for (const [body, en, id] of cases) {
      const r = await consolePost(ctx, SEND, body, undefined, { ip: '198.51.100.2' });
      expect([r.status, r.code, r.message], JSON.stringify(body)).toEqual([400, 'BAD_REQUEST', en]);
      const rid = await consolePost(ctx, SEND, body, undefined, { ip: '198.51.100.2', lang: 'id' });
      expect(rid.message).toBe(id);
    }
    for (const body of [{ ...CONTACT, source: 'admin' }, { ...CONTACT, phone: ['1', '2'] }, { ...CONTACT, message: { $gt: '' } }, {}]) {
      const r = await consolePost(ctx, SEND, body, undefined, { ip: '198.51.100.2' });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(await ctx.db.query('SELECT id FROM contact_messages')).toEqual(before);
  });

  it('limits one address to 5 messages an hour (429 with Retry-After, localized), other addresses unaffected', async () => {
    ctx.clock.set(new Date('2026-03-03T03:00:00Z'));
    for (let i = 0; i < 5; i++) expectOk(await consolePost(ctx, SEND, CONTACT, undefined, { ip: '203.0.113.9' }));
    const sixth = await consolePost(ctx, SEND, CONTACT, undefined, { ip: '203.0.113.9' });
    expect([sixth.status, sixth.code, sixth.message]).toEqual([
      429,
      'RATE_LIMITED',
      'You have sent several messages already. Please try again in 60 minutes.',
    ]);
    expect(sixth.res.headers['retry-after']).toBe('3600');
    const id = await consolePost(ctx, SEND, CONTACT, undefined, { ip: '203.0.113.9', lang: 'id' });
    expect(id.message).toBe('Anda sudah mengirim beberapa pesan. Silakan coba lagi dalam 60 menit.');
    expectOk(await consolePost(ctx, SEND, CONTACT, undefined, { ip: '203.0.113.10' }));
    ctx.clock.advance(60 * 60 * 1000);
    expectOk(await consolePost(ctx, SEND, CONTACT, undefined, { ip: '203.0.113.9' }));
  });
});
