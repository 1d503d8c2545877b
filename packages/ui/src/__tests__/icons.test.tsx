import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckCircleIcon } from '../icons/CheckCircleIcon.tsx';
import { CheckMarkIcon } from '../icons/CheckMarkIcon.tsx';
import { ChevronDownIcon } from '../icons/ChevronDownIcon.tsx';
import { ChevronRightIcon } from '../icons/ChevronRightIcon.tsx';

describe('icons', () => {
  it('are decorative, with their default size, and take any SVG attribute', () => {
    const { container } = render(
      <>
        <ChevronRightIcon />
        <ChevronDownIcon className="x-chevron" />
        <CheckMarkIcon width={18} height={18} />
        <CheckCircleIcon width={24} height={24} />
      </>,
    );
    const svgs = Array.from(container.querySelectorAll('svg'));
    expect(svgs.map((s) => [s.getAttribute('aria-hidden'), s.getAttribute('focusable')])).toEqual(Array(4).fill(['true', 'false']));
    expect(svgs.map((s) => `${s.getAttribute('width')}x${s.getAttribute('height')} ${s.getAttribute('viewBox')}`)).toEqual([
      '20x20 0 0 20 20',
      '20x20 0 0 20 20',
      '18x18 0 0 16 16',
      '24x24 0 0 20 20',
    ]);
    expect(svgs[1]?.getAttribute('class')).toBe('x-chevron');
  });
});
