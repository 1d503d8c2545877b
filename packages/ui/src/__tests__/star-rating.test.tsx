import { setLanguage } from '@lendview/i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StarRating } from '../StarRating.tsx';

function Rating({ onChange }: { onChange?: (n: number) => void }) {
  const [value, setValue] = useState(0);
  return (
    <StarRating
      label="Rate this app"
      value={value}
      onChange={(n) => {
        onChange?.(n);
        setValue(n);
      }}
    />
  );
}

const lit = () => screen.getAllByRole('radio').map((b) => b.classList.contains('is-on'));

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('StarRating', () => {
  it('is a radio group of five stars labelled "1 star".."5 stars", none chosen at first', () => {
    render(<Rating />);
    expect(screen.getByRole('radiogroup', { name: 'Rate this app' })).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(radios.every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(lit()).toEqual([false, false, false, false, false]);
    // Only one tab stop.
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('picking a star lights the stars up to it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Rating onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(lit()).toEqual([true, true, true, false, false]);
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '3 stars' }).tabIndex).toBe(0);
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    expect(lit()).toEqual([true, false, false, false, false]);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(lit()).toEqual([true, true, true, true, true]);
  });

  it('arrow keys, Home and End move and pick', () => {
    const onChange = vi.fn();
    render(<Rating onChange={onChange} />);
    const group = screen.getByRole('radiogroup');
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2 stars' }));
    fireEvent.keyDown(group, { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith(5);
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.keyDown(group, { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(lit()).toEqual([true, false, false, false, false]);
  });

  it('is localized', async () => {
    await act(() => setLanguage('id'));
    render(<Rating />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 bintang',
      '2 bintang',
      '3 bintang',
      '4 bintang',
      '5 bintang',
    ]);
  });

  it('disabled does not change; readOnly shows the value as an image', () => {
    const onChange = vi.fn();
    const { rerender } = render(<StarRating label="R" value={2} onChange={onChange} disabled />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).not.toHaveBeenCalled();
    rerender(<StarRating label="Score" value={4} readOnly />);
    expect(screen.getByRole('img', { name: 'Score: 4 stars' })).toBeTruthy();
  });
});
