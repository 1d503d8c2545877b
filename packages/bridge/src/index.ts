/**
 * The native bridge (spec 7.7; docs/bridge.md for the app teams). Every call sends `{ action, ...params }` to the
 * host the page runs in, found at call time (the app may inject its interface late):
 * - iOS: `window.webkit.messageHandlers.lendview.postMessage(message)` (a WKScriptMessageHandler; the object);
 * - Android: `window.LendviewAndroid.postMessage(json)` (an addJavascriptInterface object; Android's bridge
 *   passes only strings, so the same message as JSON text);
 * and returns true. In a plain browser each call has a fallback (or does nothing) and returns false. Never
 * throws: errors of postMessage are swallowed (spec 8) and the call then returns false.
 */

export type BridgeValue = string | number | boolean | null | BridgeValue[] | { [key: string]: BridgeValue };

export type BridgeAction =
  | 'openPage'
  | 'closeWebView'
  | 'openPageWithParam'
  | 'goHome'
  | 'goMine'
  | 'backToLogin'
  | 'callPhone'
  | 'goRating'
  | 'trackPoint'
  | 'startBankFlow'
  | 'endBankFlow';

export interface BridgeMessage {
  action: BridgeAction;
  [param: string]: BridgeValue | undefined;
}

export interface MessageHandler {
  postMessage(message: unknown): void;
}

/** Name of the WKScriptMessageHandler the iOS app registers. */
export const HANDLER_NAME = 'lendview';
/** Name under which the Android app adds its JavascriptInterface (`webView.addJavascriptInterface(obj, name)`). */
export const ANDROID_INTERFACE = 'LendviewAndroid';

export type BridgeHost = 'ios' | 'android' | 'browser';

interface HostWindow {
  webkit?: { messageHandlers?: Record<string, MessageHandler | undefined> };
  [ANDROID_INTERFACE]?: { postMessage?: unknown };
}

/** The host's sender: iOS takes the message object, Android a JSON string. */
function handler(): { host: Exclude<BridgeHost, 'browser'>; post: (message: BridgeMessage) => void } | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const w = window as unknown as HostWindow;
    const ios = w.webkit?.messageHandlers?.[HANDLER_NAME];
    if (ios && typeof ios.postMessage === 'function') return { host: 'ios', post: (m) => ios.postMessage(m) };
    const android = w[ANDROID_INTERFACE];
    if (android && typeof android.postMessage === 'function') {
      const post = android.postMessage as (json: string) => void;
      // Called on the interface object: Android binds the method to it.
      return { host: 'android', post: (m) => post.call(android, JSON.stringify(m)) };
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/** Which host the page runs in now: the iOS app, the Android app, or a plain browser. */
export function bridgeHost(): BridgeHost {
  return handler()?.host ?? 'browser';
}

/** True inside the app's web view (a native handler exists, iOS or Android). */
export function isInApp(): boolean {
  return handler() !== undefined;
}

/**
 * Fired on `window` by backToLogin in a plain browser (issue 12 item 10). The shell listens, cancels it and shows
 * its "your session has ended, log in again" screen; with no host listening the page goes to '/'.
 */
export const SESSION_ENDED_EVENT = 'lendview:session-ended';

/**
 * What a plain browser does instead. Exported so that tests (and a host with its own router) can replace the
 * pieces: `vi.spyOn(browserFallback, 'navigate')`.
 */
export const browserFallback = {
  navigate(url: string): void {
    window.location.assign(url);
  },
  back(): void {
    if (window.history.length > 1) window.history.back();
    else window.close();
  },
  /** There is no native login screen in a browser: the host shows its own, or the page goes home. */
  sessionEnded(): void {
    const event = new CustomEvent(SESSION_ENDED_EVENT, { cancelable: true });
    const handled = !window.dispatchEvent(event);
    if (!handled) browserFallback.navigate('/');
  },
};

/**
 * The host's "session ended" screen: `listener` runs when backToLogin falls back in a browser, and the event is
 * marked handled (so the page does not also go to '/'). Returns the unsubscribe function.
 */
export function onSessionEnded(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handle = (e: Event) => {
    e.preventDefault();
    listener();
  };
  window.addEventListener(SESSION_ENDED_EVENT, handle);
  return () => window.removeEventListener(SESSION_ENDED_EVENT, handle);
}

/** Posts `{ action, ...params }` to the native handler (iOS or Android). True when the app took it. */
export function send(action: BridgeAction, params: Record<string, BridgeValue | undefined> = {}): boolean {
  const h = handler();
  if (!h) return false;
  const message: BridgeMessage = { action };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) message[k] = v;
  try {
    h.post(message);
    return true;
  } catch {
    return false;
  }
}

function withFallback(handled: boolean, fallback: () => void): boolean {
  if (handled || isInApp()) return handled;
  try {
    fallback();
  } catch {
    // A navigation the browser refuses is not the caller's problem.
  }
  return false;
}

/** A tel: link's address: digits and a leading + only ('+91 80 4718 2000' → 'tel:+918047182000'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export const bridge = {
  /** Opens a URL in a new native page; browser: navigates there. */
  openPage(url: string): boolean {
    return withFallback(send('openPage', { url }), () => browserFallback.navigate(url));
  },
  /** Closes the web view; browser: goes back (or closes the tab when there is no history). */
  closeWebView(): boolean {
    return withFallback(send('closeWebView'), () => browserFallback.back());
  },
  /** Opens a native page (e.g. product detail) with a parameter; browser: nothing. */
  openPageWithParam(page: string, param?: BridgeValue): boolean {
    return send('openPageWithParam', { page, param });
  },
  /** Native home tab; browser: '/'. */
  goHome(): boolean {
    return withFallback(send('goHome'), () => browserFallback.navigate('/'));
  },
  /** Native "mine" tab; browser: '/'. */
  goMine(): boolean {
    return withFallback(send('goMine'), () => browserFallback.navigate('/'));
  },
  /**
   * Native login screen (spec 7.7; an expired or missing session, issue 12 item 10); browser: the host's
   * "log in again" screen (SESSION_ENDED_EVENT), else '/'.
   */
  backToLogin(): boolean {
    return withFallback(send('backToLogin'), () => browserFallback.sessionEnded());
  },
  /** Calls the support telephone; browser: a tel: link. */
  callPhone(phone: string): boolean {
    return withFallback(send('callPhone', { phone }), () => browserFallback.navigate(telHref(phone)));
  },
  /** Native app-store rating (spec 4.2 / 4.9); browser: nothing. */
  goRating(): boolean {
    return send('goRating');
  },
  /** Confirms a tracking point; browser: nothing. */
  trackPoint(name: string, data?: BridgeValue): boolean {
    return send('trackPoint', { name, data });
  },
  startBankFlow(): boolean {
    return send('startBankFlow');
  },
  endBankFlow(): boolean {
    return send('endBankFlow');
  },
};

export type Bridge = typeof bridge;

/**
 * The click of a call link, `<a href={telHref(phone)} onClick={onPhoneLinkClick(phone)}>`: inside the app the native
 * side places the call (callPhone) and the link does nothing more; in a plain browser the link itself does, so a
 * call control is never a button that does nothing there (issue 40 item 6).
 */
export function onPhoneLinkClick(phone: string): (event: { preventDefault(): void }) => void {
  return (event) => {
    if (isInApp() && bridge.callPhone(phone)) event.preventDefault();
  };
}
