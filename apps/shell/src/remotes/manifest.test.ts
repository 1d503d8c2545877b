import { describe, expect, it, vi } from 'vitest';
import { fetchManifest, findConflict, findOwner, parseManifest } from './manifest.ts';

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

describe('route ownership in the manifest (issue 16)', () => {
  const entry = (name: string, routes: string[]) => ({
    name,
    app: name,
    version: '1.0.0',
    entry: `/remotes/${name}/1.0.0/mf-manifest.json`,
    routes,
  });

  it('the owner is the first remote listing the route, in manifest order; trailing slashes on either side are ignored', () => {
    const m = parseManifest({ remotes: [entry('zeta', ['/repay/']), entry('alpha', ['/repay'])] });
    expect(findOwner(m, '/repay')?.name).toBe('zeta');
    expect(findOwner(m, '/repay//')?.name).toBe('zeta');
    expect(findOwner(parseManifest({ remotes: [entry('alpha', ['/repay']), entry('zeta', ['/repay'])] }), '/repay')?.name).toBe('alpha');
  });

  it("a conflict is the server's listed one, else several remotes listing the route; none when one remote owns it", () => {
    const served = parseManifest({
      remotes: [entry('hijack', ['/hijack']), entry('repayment', ['/repay'])],
      conflicts: [{ route: '/repay', owner: 'repayment', others: ['hijack'] }, { route: 3 }],
    });
    expect(served.conflicts).toEqual([{ route: '/repay', owner: 'repayment', others: ['hijack'] }]);
    expect(findOwner(served, '/repay/')?.name).toBe('repayment');
    expect(findConflict(served, '/repay/')).toEqual({ route: '/repay', owner: 'repayment', others: ['hijack'] });
    expect(findConflict(served, '/hijack')).toBeUndefined();

    const older = parseManifest({ remotes: [entry('hijack', ['/repay']), entry('repayment', ['/repay', '/that'])] });
    expect(older.conflicts).toBeUndefined();
    expect(findConflict(older, '/repay')).toEqual({ route: '/repay', owner: 'hijack', others: ['repayment'] });
    expect(findConflict(older, '/that')).toBeUndefined();
  });
});
