import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { ROUTES } from '../routes.ts';

describe('route table', () => {
  it('src/routes.ts lists the routes of package.json (which feed /remotes.json), in order', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
  });
});
