import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage } from '@lendview/i18n';
import { describe, expect, it } from 'vitest';
import { DetailRows } from '../DetailRows.tsx';
import { PageFallback } from '../PageFallback.tsx';
import { Skeleton } from '../Skeleton.tsx';
import { useQueryParam } from '../use-query-param.ts';

// jsdom loads no CSS: the rules the components rely on are checked in the file itself.
const css = readFileSync(join(__dirname, '../styles.css'), 'utf8');

describe('Skeleton', () => {
  it('is a hidden block of the given size that shimmers', () => {
    const { container } = render(<Skeleton width="60%" height={24} radius={12} className="x-gap" />);
    const el = container.firstElementChild as HTMLElement;
    expect(el.getAttribute('aria-hidden')).toBe('true');
    expect(el.className).toBe('lv-skel x-gap');
    expect(el.style.width).toBe('60%');
    expect(el.style.height).toBe('24px');
    expect(el.style.borderRadius).toBe('12px');
  });

  it('takes the whole width by default; still (a failed load) and align add their classes', () => {
    const { container } = render(<Skeleton height={18} still align="center" />);
    const el = container.firstElementChild as HTMLElement;
    expect(el.style.width).toBe('100%');
    expect(el.className).toBe('lv-skel is-still lv-skel--center');
    render(<Skeleton height={18} align="end" />, { container: document.body.appendChild(document.createElement('div')) });
    expect(document.querySelector('.lv-skel--end')).not.toBeNull();
  });

  it('has its styles, with one shimmer animation, in styles.css', () => {
    for (const rule of ['.lv-skel {', '.lv-skel.is-still {', '.lv-skel--center {', '.lv-skel--end {']) expect(css).toContain(rule);
    expect(css.match(/@keyframes [\w-]*shimmer/g)).toEqual(['@keyframes lv-shimmer']);
  });
});

describe('DetailRows', () => {
  it('renders text and value pairs as a description list, in order', () => {
    const rows = [
      { text: 'Jumlah pinjaman', value: 'Rp 2.500.000' },
      { text: 'Jangka waktu', value: '91 hari' },
    ];
    const { container } = render(<DetailRows rows={rows} className="x-group" />);
    const dl = container.querySelector('dl');
    expect(dl?.className).toBe('lv-rows x-group');
    expect(
      Array.from(container.querySelectorAll('.lv-rows__row')).map((r) => [
        r.querySelector('dt')?.textContent,
        r.querySelector('dd')?.textContent,
      ]),
    ).toEqual([
      ['Jumlah pinjaman', 'Rp 2.500.000'],
      ['Jangka waktu', '91 hari'],
    ]);
  });

  it("columns='fixed' keeps the label's and the value's shares (lv-rows--fixed)", () => {
    const { container } = render(
      <DetailRows rows={[{ text: 'Jumlah yang harus dibayar sekarang', value: 'Rp 2.454.600' }]} columns="fixed" />,
    );
    expect(container.querySelector('dl')?.className).toBe('lv-rows lv-rows--fixed');
    expect(css).toMatch(/\.lv-rows--fixed dt \{\s*flex: 1 1 45%;/);
    expect(css).toMatch(/\.lv-rows--fixed dd \{\s*flex: 1 1 55%;/);
  });

  it('renders nothing without rows', () => {
    const { container } = render(<DetailRows rows={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('has its styles in styles.css', () => {
    for (const rule of ['.lv-rows {', '.lv-rows__row {', '.lv-rows dt {', '.lv-rows dd {']) expect(css).toContain(rule);
  });
});

describe('PageFallback', () => {
  it('announces the localized loading text (en / id) or the given label', async () => {
    await setLanguage('id');
    const { rerender } = render(<PageFallback />);
    expect(screen.getByRole('status').textContent).toBe('Memuat…');
    await setLanguage('en');
    rerender(<PageFallback />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<PageFallback label="Loading the page…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
  });

  it('holds a screen-high box and shows the spinner only after 300 ms (styles.css)', () => {
    const { container } = render(<PageFallback />);
    expect(container.querySelector('.lv-page-fallback > .lv-page-fallback__spinner [role="status"]')).not.toBeNull();
    expect(css).toMatch(/\.lv-page-fallback \{[^}]*min-height: 100dvh;/);
    expect(css).toMatch(/\.lv-page-fallback__spinner \{\s*animation: lv-appear 0s linear 300ms both;/);
  });
});

describe('useQueryParam', () => {
  function Show({ name }: { name: string }) {
    return <output>{`[${useQueryParam(name)}]`}</output>;
  }

  it('reads a query parameter of the address, trimmed; empty when absent', () => {
    render(
      <MemoryRouter initialEntries={['/loanDetails?orderId=%20DEMO-170%20&productId=1']}>
        <Show name="orderId" />
        <Show name="productId" />
        <Show name="missing" />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('status').map((o) => o.textContent)).toEqual(['[DEMO-170]', '[1]', '[]']);
  });
});
