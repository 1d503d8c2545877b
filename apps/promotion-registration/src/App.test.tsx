import { describe, expect, it } from 'vitest';
import { ROUTES } from './App.tsx';
import pkg from '../package.json';

describe('promotion-registration remote', () => {
  it('renders every route that package.json (and so /remotes.json) gives it', () => {
    expect(ROUTES).toEqual(pkg.lendview.routes);
  });
});
