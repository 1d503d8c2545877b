// The shared harness (@lendview/test-utils) with this remote's own bits: its routes and a scripted upload.
import { configureApiClient } from '@lendview/api-client';
import type { Envelope } from '@lendview/contracts';
import { type RenderOptions, renderApp as renderInShell } from '@lendview/test-utils';
import App from '../App.tsx';

export {
  type Answer,
  type ApiCall,
  type Handler,
  currentLocation,
  expectLocation,
  fail,
  ok,
  setLang,
  settle,
  stubApi,
  toastText,
} from '@lendview/test-utils';

/** A scripted XMLHttpRequest for api-client's `upload`: the test drives progress and the outcome. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The multipart file of the request. */
  file(): File | null {
    return this.body instanceof FormData ? (this.body.get('problemImage') as File | null) : null;
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  respond(envelope: Envelope<unknown>) {
    this.status = 200;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** Uploads go to FakeXhr (FakeXhr.all lists them, newest last). */
export function stubUploads() {
  FakeXhr.all = [];
  configureApiClient({ XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });
  return FakeXhr.all;
}

/** Renders the remote at `path` the way the shell does; /customerService (marketing) shows where it went. */
export function renderApp(path: string, { lang, waitForHeading }: Pick<RenderOptions, 'lang' | 'waitForHeading'> = {}) {
  return renderInShell(<App />, path, { lang, waitForHeading, elsewhere: ['/customerService'] });
}
