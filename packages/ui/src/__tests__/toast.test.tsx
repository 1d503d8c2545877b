import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../ToastHost.tsx';
import { TOAST_DURATIONS, toast } from '../toast.ts';

const status = () => screen.getByRole('status');
const alert = () => screen.getByRole('alert');

beforeEach(() => {
  vi.useFakeTimers();
  render(<ToastHost />);
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toast durations (spec 9)', () => {
  it('exposes the durations', () => {
    expect(TOAST_DURATIONS).toEqual({ default: 3000, info: 2000, success: 2000, error: 3000, loading: null });
  });

  it('default toast lasts 3000 ms, in a polite status region', () => {
    act(() => void toast.show('Kode terkirim'));
    expect(status().textContent).toBe('Kode terkirim');
    expect(status().getAttribute('aria-live')).toBe('polite');
    advance(2999);
    expect(status().textContent).toBe('Kode terkirim');
    advance(1);
    expect(status().textContent).toBe('');
    expect(toast.current()).toBeNull();
  });

  it('info and success last 2000 ms', () => {
    act(() => void toast.info('Info'));
    advance(1999);
    expect(status().textContent).toBe('Info');
    advance(1);
    expect(status().textContent).toBe('');
    act(() => void toast.success('Saved'));
    expect(status().querySelector('.lv-toast--success')).not.toBeNull();
    advance(1999);
    expect(status().textContent).toBe('Saved');
    advance(1);
    expect(status().textContent).toBe('');
  });

  it('error uses role=alert and the default 3000 ms', () => {
    act(() => void toast.error('Failed'));
    expect(alert().textContent).toBe('Failed');
    expect(status().textContent).toBe('');
    advance(2999);
    expect(alert().textContent).toBe('Failed');
    advance(1);
    expect(alert().textContent).toBe('');
  });

  it('loading stays until hidden', () => {
    let hide = () => {};
    act(() => {
      hide = toast.loading('Memuat…');
    });
    expect(status().textContent).toBe('Memuat…');
    expect(status().querySelector('.lv-spinner')).not.toBeNull();
    advance(600_000);
    expect(status().textContent).toBe('Memuat…');
    act(() => hide());
    expect(status().textContent).toBe('');
  });

  it('an explicit duration wins', () => {
    act(() => void toast.show('Quick', { duration: 500 }));
    advance(499);
    expect(status().textContent).toBe('Quick');
    advance(1);
    expect(status().textContent).toBe('');
    act(() => void toast.show('Sticky', { type: 'info', duration: null }));
    advance(10_000);
    expect(status().textContent).toBe('Sticky');
    act(() => toast.hide());
    expect(status().textContent).toBe('');
  });

  it('a new toast replaces the shown one and restarts the clock', () => {
    act(() => void toast.show('First'));
    advance(2500);
    act(() => void toast.show('Second'));
    expect(status().textContent).toBe('Second');
    advance(2999);
    expect(status().textContent).toBe('Second');
    advance(1);
    expect(status().textContent).toBe('');
  });

  it('the hide function of an earlier toast does not hide a later one', () => {
    let hideLoading = () => {};
    act(() => {
      hideLoading = toast.loading('Loading');
    });
    act(() => void toast.show('Server message'));
    act(() => hideLoading());
    expect(status().textContent).toBe('Server message');
  });

  it('ignores an empty message', () => {
    act(() => void toast.show(''));
    expect(toast.current()).toBeNull();
  });
});
