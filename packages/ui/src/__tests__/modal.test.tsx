import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../Modal.tsx';
import { StarRating } from '../StarRating.tsx';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Rate us
      </button>
      <Modal
        open={open}
        title="Rate this app"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Submit</button>
          </>
        }
      >
        <p>How was it?</p>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is an accessible dialog labelled by its title, with focus moved in and the body locked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Rate us' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Rate this app' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('Escape closes it, focus goes back to the opener and the body scrolls again', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    document.body.style.overflow = 'auto';
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Rate us' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Rate us' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(submit);
  });

  it('closes on a backdrop tap, not on a tap inside', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="T" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    fireEvent.mouseDown(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without onClose, Escape does nothing; without a title it takes aria-label; focuses the dialog when empty', () => {
    render(
      <Modal open aria-label="Agreement">
        <p>Text</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Agreement' });
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(document.activeElement).toBe(dialog);
  });

  it('only the top dialog answers Escape', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal open title="Outer" onClose={outer}>
          <p>o</p>
        </Modal>
        <Modal open title="Inner" onClose={inner} showClose>
          <p>i</p>
        </Modal>
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});

describe('Modal initial focus', () => {
  it('skips elements out of the tab order: a star rating inside focuses its selected star', () => {
    render(
      <Modal open title="Rate">
        <StarRating label="Stars" value={3} onChange={() => {}} />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3 stars' }));
  });

  it('focuses initialFocus when given', () => {
    function WithInitial() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Modal open title="T" initialFocus={ref}>
          <button type="button">First</button>
          <button type="button" ref={ref}>
            Second
          </button>
        </Modal>
      );
    }
    render(<WithInitial />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Second' }));
  });
});
