import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateServerRendered, unmountHydrated } from '@lendview/test-utils';
import '../App.tsx';
import { draftKey, saveDraft } from '../lib/draft.ts';
import ComplaintFormPage from '../pages/ComplaintFormPage.tsx';
import { PATHS, problemInit } from '../test/fixtures.ts';
import { ok, setLang, stubApi } from '../test/render.tsx';

// /complainPageNext is server-rendered (issue 14) and hydrated. A saved draft (lib/draft.ts, localStorage) is the
// browser's alone: the server draws the empty form, so the form must hydrate as that (else React throws the markup
// away, error #418) and restore the draft right after, losing nothing.

const FORM = '/complainPageNext?problemType=2&problemSonType=0&orderNo=DEMO-170';
const KEY = draftKey('2', 'DEMO-170');

afterEach(() => {
  unmountHydrated();
  localStorage.clear();
});

async function hydrated() {
  await setLang('en');
  stubApi({ [PATHS.init]: ok(problemInit()) });
  const out = await hydrateServerRendered(<ComplaintFormPage />, { url: FORM });
  return { ...out, textarea: out.container.querySelector('textarea')! };
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
