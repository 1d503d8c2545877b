import { setLanguage } from '@lendview/i18n';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownButton } from '../CountdownButton.tsx';
import { useCountdown } from '../use-countdown.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  vi.useRealTimers();
  await act(() => setLanguage('en'));
});

const button = () => screen.getByRole('button');

async function click() {
  await act(async () => {
    fireEvent.click(button());
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('CountdownButton (spec 4.4)', () => {
  it('is ready with "Get code"; after a successful send it counts 60 → 59 → … → ready', async () => {
    const onSend = vi.fn(async () => true);
    render(<CountdownButton onSend={onSend} />);
    expect(button().textContent).toBe('Get code');
    expect(button().getAttribute('aria-disabled')).toBeNull();
    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('60s');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    advance(1000);
    expect(button().textContent).toBe('59s');
    advance(1000);
    expect(button().textContent).toBe('58s');
    for (let s = 57; s >= 1; s--) {
      advance(1000);
      expect(button().textContent).toBe(`${s}s`);
    }
    advance(999);
    expect(button().textContent).toBe('1s');
    advance(1);
    expect(button().textContent).toBe('Get code');
    expect(button().getAttribute('aria-disabled')).toBeNull();
    await click();
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('60s');
  });

  it('is blocked while counting: a click calls onBlockedClick, not onSend', async () => {
    const onSend = vi.fn(async () => true);
    const onBlockedClick = vi.fn();
    render(<CountdownButton onSend={onSend} onBlockedClick={onBlockedClick} />);
    await click();
    advance(5000);
    await click();
    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onBlockedClick).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('55s');
  });

  it('a failed send (false or a throw) stays ready', async () => {
    const onSend = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('network'));
    render(<CountdownButton onSend={onSend} />);
    await click();
    expect(button().textContent).toBe('Get code');
    await click();
    expect(button().textContent).toBe('Get code');
    advance(60_000);
    expect(button().textContent).toBe('Get code');
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while the send is pending', async () => {
    let resolve: (ok: boolean) => void = () => {};
    const onSend = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    const onBlockedClick = vi.fn();
    render(<CountdownButton onSend={onSend} onBlockedClick={onBlockedClick} />);
    await click();
    expect(button().getAttribute('aria-busy')).toBe('true');
    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onBlockedClick).not.toHaveBeenCalled();
    await act(async () => resolve(true));
    expect(button().textContent).toBe('60s');
  });

  it('takes seconds and labels, and is localized', async () => {
    await act(() => setLanguage('id'));
    const { unmount } = render(<CountdownButton onSend={() => true} seconds={3} />);
    expect(button().textContent).toBe('Dapatkan kode');
    await click();
    expect(button().textContent).toBe('3 dtk');
    advance(3000);
    expect(button().textContent).toBe('Dapatkan kode');
    unmount();
    render(<CountdownButton onSend={() => true} seconds={2} readyLabel="Send SMS" countingLabel={(s) => `Wait ${s}`} />);
    expect(button().textContent).toBe('Send SMS');
    await click();
    expect(button().textContent).toBe('Wait 2');
  });

  it('a disabled button does nothing', async () => {
    const onSend = vi.fn(async () => true);
    render(<CountdownButton onSend={onSend} disabled />);
    await click();
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('useCountdown', () => {
  it('counts against the clock and resets', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => result.current.start());
    expect(result.current).toMatchObject({ remaining: 60, running: true });
    advance(30_000);
    expect(result.current.remaining).toBe(30);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ remaining: 0, running: false });
  });

  it('catches up after the web view was in the background', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    // The clock jumps 20 s with no timer run (a suspended web view), then the page is visible again.
    vi.setSystemTime(Date.now() + 20_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current.remaining).toBe(40);
  });
});
