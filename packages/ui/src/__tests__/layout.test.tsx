import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button.tsx';
import { Card } from '../Card.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { ErrorPanel } from '../ErrorPanel.tsx';
import { Field } from '../Field.tsx';
import { Page } from '../Page.tsx';
import { Spinner } from '../Spinner.tsx';
import { Tabs } from '../Tabs.tsx';
import { TextArea } from '../TextArea.tsx';
import { TextInput } from '../TextInput.tsx';

describe('Page', () => {
  it('sets document.title and shows the title as the heading', () => {
    render(<Page title="Detail Tagihan">content</Page>);
    expect(document.title).toBe('Detail Tagihan');
    expect(screen.getByRole('heading', { level: 1, name: 'Detail Tagihan' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('content');
  });

  it('hideTitle keeps document.title only; header replaces the band; footer renders', () => {
    const { rerender } = render(
      <Page title="Loan" hideTitle>
        x
      </Page>,
    );
    expect(document.title).toBe('Loan');
    expect(screen.queryByRole('heading')).toBeNull();
    rerender(
      <Page title="Other" header={<span>Custom header</span>} footer={<button type="button">Pay now</button>}>
        x
      </Page>,
    );
    expect(document.title).toBe('Other');
    expect(screen.getByText('Custom header')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
  });

  it('leaves document.title alone without a title', () => {
    document.title = 'Before';
    render(<Page>x</Page>);
    expect(document.title).toBe('Before');
  });
});

describe('Field', () => {
  it('wires the label, the hint, the error and aria-invalid to the control', () => {
    const { rerender } = render(
      <Field label="Phone" hint="11 digits">
        <TextInput inputMode="numeric" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    const hintId = input.getAttribute('aria-describedby');
    expect(hintId && document.getElementById(hintId)?.textContent).toBe('11 digits');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(
      <Field label="Phone" hint="11 digits" error="Please enter the phone number correctly!">
        <TextInput inputMode="numeric" />
      </Field>,
    );
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(['11 digits', 'Please enter the phone number correctly!']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps an id the control already has', () => {
    render(
      <Field label="Comments" aside="0/200">
        <TextArea id="problem-detail" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Comments' }).id).toBe('problem-detail');
    expect(screen.getByText('0/200')).toBeTruthy();
  });
});

describe('Button', () => {
  it('is type=button by default; loading blocks it and sets aria-busy', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Pay</Button>);
    const b = screen.getByRole('button', { name: 'Pay' });
    expect(b.getAttribute('type')).toBe('button');
    expect(b.className).toBe('lv-button lv-button--primary');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading variant="secondary" block>
        Pay
      </Button>,
    );
    expect(b.getAttribute('aria-busy')).toBe('true');
    expect((b as HTMLButtonElement).disabled).toBe(true);
    expect(b.className).toContain('lv-button--secondary');
    expect(b.className).toContain('lv-button--block');
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('Card, Spinner, EmptyState, ErrorPanel', () => {
  it('render their content', () => {
    render(
      <>
        <Card heading="Order">body</Card>
        <Spinner label="Loading…" />
        <EmptyState
          image="/empty.png"
          title="Applications are full"
          description="Come back tomorrow"
          action={<button type="button">Back to home</button>}
        />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Order' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByText('Applications are full')).toBeTruthy();
    expect(document.querySelector('img.lv-empty__image')?.getAttribute('alt')).toBe('');
  });

  it('ErrorPanel is an alert with a localized retry', () => {
    const onRetry = vi.fn();
    render(<ErrorPanel message="This part of the app could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('This part of the app could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ErrorPanel takes a retry label', () => {
    render(<ErrorPanel message="x" onRetry={() => {}} retryLabel="Coba lagi" />);
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeTruthy();
  });
});

describe('Tabs', () => {
  function Harness() {
    const [value, setValue] = useState('all');
    return (
      <Tabs
        label="Complaints"
        value={value}
        onChange={setValue}
        items={[
          { id: 'all', label: 'All', panel: <p>all items</p> },
          { id: 'open', label: 'Processing', panel: <p>open items</p> },
          { id: 'done', label: 'Done', panel: <p>done items</p> },
        ]}
      />
    );
  }

  it('selects by click and arrow keys, showing the selected panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Complaints' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'All' }).textContent).toBe('all items');
    fireEvent.click(screen.getByRole('tab', { name: 'Done' }));
    expect(screen.getByRole('tab', { name: 'Done' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('done items');
    act(() => {
      fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    });
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All' }));
    act(() => {
      fireEvent.keyDown(screen.getByRole('tablist'), { key: 'End' });
    });
    expect(screen.getByRole('tabpanel').textContent).toBe('done items');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });
});
