// The shared harness (@lendview/test-utils) with the two legacy screens.
import { Route, Routes } from 'react-router';
import { addMessages } from '@lendview/i18n';
import { type RenderOptions, Elsewhere, renderApp } from '@lendview/test-utils';
import { toast } from '@lendview/ui';
import BindCardPage from '../BindCardPage.tsx';
import RepayPage from '../RepayPage.tsx';
import { messages } from '../../i18n/index.ts';

// The remote's messages, as its App registers them on the page (these screens are rendered here without the App).
addMessages(messages);

export { type Answer, type ApiCall, type Handler, fail, ok, stubApi } from '@lendview/test-utils';

/**
 * Renders the two legacy screens at `path` the way the shell does (router, i18n, a QueryClient without
 * retries, the toast host). Any other path (/loanDetails) shows where the page navigated to.
 */
export function renderCardRepayment(path: string, { lang }: Pick<RenderOptions, 'lang'> = {}) {
  return renderApp(
    <Routes>
      <Route path="/repay" element={<RepayPage />} />
      <Route path="/bindCard" element={<BindCardPage />} />
      <Route path="*" element={<Elsewhere />} />
    </Routes>,
    path,
    { lang },
  );
}

/** The text of the toast shown now ('' when none; a loading toast does not count). */
export function toastText(): string {
  const item = toast.current();
  return item && item.type !== 'loading' ? item.message : '';
}
