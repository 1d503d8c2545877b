import { describe, expect, it } from 'vitest';
import { setSetting } from '../src/repositories/settings.ts';
import { BACKENDS, GRIEVANCE_OFFICER, SUPPORT, envelopeOf, form, useTestApp } from './helpers/setup.ts';

const PATH = '/v3/personal-center/contact-kf-info';

describe.each(BACKENDS)('POST /v3/personal-center/contact-kf-info (%s)', (backend) => {
  const ctx = useTestApp(backend);

  it('answers email, smWa and the grievance officer from the database, without login', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: PATH, ...form({ overall: '30' }) });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({
      code: '00',
      data: { email: SUPPORT.email, smWa: SUPPORT.phone, grievanceOfficer: GRIEVANCE_OFFICER },
      message: 'Berhasil',
    });
  });

  it('follows changes of the settings rows (no caching, no env fallback)', async () => {
    await setSetting(ctx.db, 'support_email', 'cs-new@lendview.test', ctx.clock.now());
    await setSetting(ctx.db, 'support_phone', '+62 21 555 0100', ctx.clock.now());
    const res = await ctx.app.inject({ method: 'POST', url: `${PATH}?isNeedPop=1&dId=dev-1&aVer=1.0.0`, ...form({ overall: '30' }) });
    expect(envelopeOf(res)).toEqual({
      code: '00',
      data: { email: 'cs-new@lendview.test', smWa: '+62 21 555 0100', grievanceOfficer: GRIEVANCE_OFFICER },
      message: 'Success',
    });
    await setSetting(ctx.db, 'support_email', SUPPORT.email, ctx.clock.now());
    await setSetting(ctx.db, 'support_phone', SUPPORT.phone, ctx.clock.now());
  });

  it('accepts JSON bodies too, with overall as a number or a string', async () => {
    for (const overall of [30, '30']) {
      const res = await ctx.app.inject({ method: 'POST', url: PATH, payload: { overall } });
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res).data).toEqual({ email: SUPPORT.email, smWa: SUPPORT.phone, grievanceOfficer: GRIEVANCE_OFFICER });
    }
  });

  it('rejects overall other than 30', async () => {
    for (const overall of ['31', '0', '-30', '30.0', 'abc']) {
      const en = await ctx.app.inject({ method: 'POST', url: `${PATH}?isNeedPop=1`, ...form({ overall }) });
      expect(en.statusCode).toBe(400);
      expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Invalid value for field: overall.' });
    }
    const id = await ctx.app.inject({ method: 'POST', url: PATH, ...form({ overall: '29' }) });
    expect(envelopeOf(id)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Nilai kolom tidak valid: overall.' });
  });

  it('rejects a missing overall', async () => {
    const en = await ctx.app.inject({ method: 'POST', url: `${PATH}?isNeedPop=1`, ...form({}) });
    expect(en.statusCode).toBe(400);
    expect(envelopeOf(en)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Missing required field: overall.' });
    const id = await ctx.app.inject({ method: 'POST', url: PATH });
    expect(envelopeOf(id)).toEqual({ code: 'BAD_REQUEST', data: null, message: 'Kolom wajib belum diisi: overall.' });
    const empty = await ctx.app.inject({ method: 'POST', url: PATH, ...form({ overall: '' }) });
    expect(envelopeOf(empty).message).toBe('Kolom wajib belum diisi: overall.');
  });
});
