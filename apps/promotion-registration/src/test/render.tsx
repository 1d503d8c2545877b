// The shared harness (@lendview/test-utils) with this remote's own bits: its bodies are JSON as well as forms.
import * as harness from '@lendview/test-utils';
import App from '../App.tsx';

export { type Answer, currentLocation, expectLocation, expectToast, fail, ok, setLang, toastText } from '@lendview/test-utils';

export type Handler = harness.Handler<harness.RequestBody>;
export type ApiCall = harness.ApiCall<harness.RequestBody>;

/** Stubs global fetch with the API (see @lendview/test-utils); bodies may be JSON. */
export const stubApi = (routes: Record<string, Handler>) => harness.stubApi<harness.RequestBody>(routes);

/** Renders the remote at `path` the way the shell does (without waiting for a heading). */
export function renderApp(path: string, { lang }: Pick<harness.RenderOptions, 'lang'> = {}) {
  return harness.renderApp(<App />, path, { lang, waitForHeading: false });
}
