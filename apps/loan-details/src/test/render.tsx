// The shared harness (@lendview/test-utils) with this remote's own routes.
import { type RenderOptions, renderApp as renderInShell } from '@lendview/test-utils';
import App from '../App.tsx';

export { type Answer, type ApiCall, type Handler, fail, ok, setLang, stubApi, toastText } from '@lendview/test-utils';

/** Renders the remote at `path` the way the shell does; /that, /repayDelay, /installment (repayment) and /loanTerms (marketing) show where it went. */
export function renderApp(path: string, { lang }: Pick<RenderOptions, 'lang'> = {}) {
  return renderInShell(<App />, path, { lang, elsewhere: ['/that', '/repayDelay', '/installment', '/loanTerms'] });
}
