import { act } from 'react';
import { fireEvent } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter, StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@lendview/ui';
import '../App.tsx';
import { draftKey, saveDraft } from '../lib/draft.ts';
import ComplaintFormPage from '../pages/ComplaintFormPage.tsx';
import { PATHS, problemInit } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// /complainPageNext is server-rendered (issue 14) and hydrated. A saved draft (lib/draft.ts, localStorage) is the
// browser's alone: the server draws the empty form, so the form must hydrate as that (else React throws the markup
// away, error #418) and restore the draft right after, losing nothing.

const FORM = '/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170';
const KEY = draftKey('2', 'DEMO-170');

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function hydrated() {
  await setLang('en');
  stubApi({ [PATHS.init]: ok(problemInit()) });
  const html = renderToString(
    <StaticRouter location={FORM}>
      <AppProviders queryClient={createQueryClient()}>
        <ComplaintFormPage />
      </AppProviders>
    </StaticRouter>,
  );
  window.history.replaceState(null, '', FORM);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <BrowserRouter>
        <AppProviders queryClient={createQueryClient()}>
          <ComplaintFormPage />
        </AppProviders>
      </BrowserRouter>,
      { onRecoverableError: (e) => recoverable.push(e) },
    );
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  return { html, container, recoverable, textarea: container.querySelector('textarea')! };
}

describe('the complaint form on a server-rendered page', () => {
  it('hydrates the empty form the server drew, then shows the saved draft; the draft stays saved', async () => {
    saveDraft(KEY, { text: 'My payment is missing', images: ['/uploads/proof.png'] });
    const { html, container, recoverable, textarea } = await hydrated();
    expect(html).not.toContain('My payment is missing');
    expect(recoverable).toEqual([]);
    expect(textarea.value).toBe('My payment is missing');
    expect(container.querySelectorAll('[data-testid="photo"]')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ text: 'My payment is missing', images: ['/uploads/proof.png'] });
  });

  it('without a draft: hydrates as drawn, and what is typed then is saved', async () => {
    const { recoverable, textarea } = await hydrated();
    expect(recoverable).toEqual([]);
    expect(textarea.value).toBe('');
    await act(async () => {
      fireEvent.change(textarea, { target: { value: 'Still unpaid' } });
    });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ text: 'Still unpaid' });
  });
});
