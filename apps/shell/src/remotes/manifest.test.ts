import { describe, expect, it, vi } from 'vitest';
import { fetchManifest, findOwner, parseManifest } from './manifest.ts';

const manifest = parseManifest({
  remotes: [
    { name: 'marketing', app: 'marketing', version: '0.1.0', entry: '/remotes/marketing/0.1.0/mf-manifest.json', routes: ['/', '/Policy'] },
    {
      name: 'loan_details',
      app: 'loan-details',
      version: '0.2.0',
      entry: '/remotes/loan-details/0.2.0/mf-manifest.json',
      routes: ['/loanDetails'],
    },
  ],
});

describe('remotes manifest', () => {
  it('gives each route to the remote that lists it, "/" only to the home page', () => {
    expect(findOwner(manifest, '/')?.name).toBe('marketing');
    expect(findOwner(manifest, '/Policy')?.name).toBe('marketing');
    expect(findOwner(manifest, '/Policy/')?.name).toBe('marketing');
    expect(findOwner(manifest, '/loanDetails')?.name).toBe('loan_details');
    expect(findOwner(manifest, '/policy')).toBeUndefined();
    expect(findOwner(manifest, '/nowhere')).toBeUndefined();
  });

  it('drops malformed entries and refuses a manifest without a list', () => {
    const m = parseManifest({ remotes: [{ name: 'x' }, { name: 'ok', version: '1', entry: '/e', routes: ['/a'] }] });
    expect(m.remotes.map((r) => r.name)).toEqual(['ok']);
    expect(m.remotes[0]?.app).toBe('ok');
    expect(() => parseManifest({})).toThrow(/no "remotes" list/);
  });

  it('fails on a non-200 answer so the shell can offer a retry', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(new Response('nope', { status: 503 }));
    await expect(fetchManifest(fetchImpl)).rejects.toThrow('remotes.json answered 503');
  });
});
