// @vitest-environment jsdom
import { act, createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import { OneTimeCodeInput, oneTimeCode } from '../index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

test('a pasted code is cleaned, then capped: spaces, dashes and other scripts never cut it short', () => {
  expect(oneTimeCode('644 154')).toBe('644154');
  expect(oneTimeCode('644-154-99')).toBe('644154');
  expect(oneTimeCode('６４４１５４')).toBe('644154');
  expect(oneTimeCode('६४४१५४')).toBe('644154');
  expect(oneTimeCode('code: 1234', 4)).toBe('1234');
  expect(oneTimeCode('abc')).toBe('');
});

/** Types `text` into the field as a paste does (one input event with the whole value). */
function paste(input: HTMLInputElement, text: string) {
  // The prototype's setter, called on the input: React tracks the value set on the instance and would miss the event.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setValue.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

test('the field offers the keypad and the SMS suggestion, has no maxLength, and reports the cleaned code', async () => {
  const reported: string[] = [];
  function Form() {
    const [code, setCode] = useState('');
    return createElement(OneTimeCodeInput, {
      value: code,
      onCode: (c: string) => {
        reported.push(c);
        setCode(c);
      },
      id: 'code',
      className: 'lv-input',
      'aria-label': 'SMS code',
    });
  }
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container).render(createElement(Form)));
  const input = container.querySelector('input')!;
  expect(input.getAttribute('inputmode')).toBe('numeric');
  expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  expect(input.hasAttribute('maxlength')).toBe(false);
  expect(input.id).toBe('code');
  expect(input.className).toBe('lv-input');
  await act(async () => paste(input, '+62 644 154 99'));
  expect(reported).toEqual(['626441']);
  expect(input.value).toBe('626441');
});
