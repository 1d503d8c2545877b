import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render.tsx';

describe('/Policy', () => {
  it('frames the privacy policy page in English', async () => {
    await renderApp('/Policy');
    const frame = screen.getByTitle('Lendview privacy policy');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/privacyPolicy?isNeedPop=1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    const nav = screen.getByRole('navigation', { name: 'Site sections' });
    expect(within(nav).getByRole('link', { name: 'Privacy Policy' }).getAttribute('aria-current')).toBe('page');
  });

  it('frames it in Indonesian', async () => {
    await renderApp('/Policy', { lang: 'id' });
    const frame = screen.getByTitle('Kebijakan privasi Lendview');
    expect(frame.getAttribute('src')).toBe('/privacyPolicy?isNeedPop=0');
  });
});
