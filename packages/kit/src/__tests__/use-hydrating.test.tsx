// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import { useHydrating } from '../index.ts';

// React's act() environment flag, as Testing Library sets it: without it act() warns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen: boolean[] = [];
function Probe() {
  const hydrating = useHydrating();
  seen.push(hydrating);
  return createElement('p', null, hydrating ? 'server' : 'browser');
}

afterEach(() => {
  seen.length = 0;
  document.body.innerHTML = '';
});

test('the server render sees true', () => {
  expect(renderToString(createElement(Probe))).toBe('<p>server</p>');
});

test('hydration draws the server markup first (true), then the browser render (false)', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Probe));
  document.body.append(container);
  seen.length = 0;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, createElement(Probe), { onRecoverableError: (e) => errors.push(e) });
  });
  expect(seen).toEqual([true, false]);
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe('<p>browser</p>');
});

test('a client-rendered page never sees true', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(createElement(Probe));
  });
  expect(seen).toEqual([false]);
});
