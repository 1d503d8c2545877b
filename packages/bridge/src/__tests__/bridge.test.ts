import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_ENDED_EVENT,
  bridge,
  bridgeHost,
  browserFallback,
  isInApp,
  onPhoneLinkClick,
  onSessionEnded,
  telHref,
  type BridgeMessage,
} from '../index.ts';

type W = Window & { webkit?: unknown };

function installHandler(postMessage: (m: BridgeMessage) => void = () => {}) {
  const messages: BridgeMessage[] = [];
  (window as W).webkit = {
    messageHandlers: {
      lendview: {
        postMessage: (m: BridgeMessage) => {
          messages.push(m);
          postMessage(m);
        },
      },
    },
  };
  return messages;
}

afterEach(() => {
  delete (window as W).webkit;
  vi.restoreAllMocks();
});

describe('in the app (a fake handler records messages)', () => {
  let messages: BridgeMessage[];
  let navigate: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    messages = installHandler();
    navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
  });

  it('is in the app', () => {
    expect(isInApp()).toBe(true);
  });

  it('posts { action, ...params } for every call and returns true', () => {
    expect(bridge.openPage('https://x.test/a')).toBe(true);
    expect(bridge.closeWebView()).toBe(true);
    expect(bridge.openPageWithParam('productDetail', { productId: 7 })).toBe(true);
    expect(bridge.goHome()).toBe(true);
    expect(bridge.goMine()).toBe(true);
    expect(bridge.backToLogin()).toBe(true);
    expect(bridge.callPhone('+62 21 555')).toBe(true);
    expect(bridge.goRating()).toBe(true);
    expect(bridge.trackPoint('apply', { productId: 1 })).toBe(true);
    expect(bridge.trackPoint('open')).toBe(true);
    expect(bridge.startBankFlow()).toBe(true);
    expect(bridge.endBankFlow()).toBe(true);
    expect(messages).toEqual([
      { action: 'openPage', url: 'https://x.test/a' },
      { action: 'closeWebView' },
      { action: 'openPageWithParam', page: 'productDetail', param: { productId: 7 } },
      { action: 'goHome' },
      { action: 'goMine' },
      { action: 'backToLogin' },
      { action: 'callPhone', phone: '+62 21 555' },
      { action: 'goRating' },
      { action: 'trackPoint', name: 'apply', data: { productId: 1 } },
      { action: 'trackPoint', name: 'open' },
      { action: 'startBankFlow' },
      { action: 'endBankFlow' },
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('swallows an error of postMessage and returns false, without a browser fallback', () => {
    installHandler(() => {
      throw new Error('native failure');
    });
    expect(() => bridge.goRating()).not.toThrow();
    expect(bridge.goRating()).toBe(false);
    expect(bridge.openPage('/x')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('in a plain browser (no handler)', () => {
  it('is not in the app', () => {
    expect(isInApp()).toBe(false);
    (window as W).webkit = { messageHandlers: {} };
    expect(isInApp()).toBe(false);
  });

  it('falls back to navigation and returns false', () => {
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    expect(bridge.openPage('/loanDetails?orderId=1')).toBe(false);
    expect(bridge.callPhone('+62 (21) 555-01')).toBe(false);
    expect(bridge.goHome()).toBe(false);
    expect(bridge.goMine()).toBe(false);
    expect(bridge.backToLogin()).toBe(false);
    expect(navigate.mock.calls).toEqual([['/loanDetails?orderId=1'], ['tel:+622155501'], ['/'], ['/'], ['/']]);
  });

  it('closeWebView goes back in history, or closes when there is none', () => {
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const length = vi.spyOn(history, 'length', 'get');
    length.mockReturnValue(3);
    expect(bridge.closeWebView()).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    length.mockReturnValue(1);
    expect(bridge.closeWebView()).toBe(false);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('does nothing for the app-only calls', () => {
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    expect(bridge.goRating()).toBe(false);
    expect(bridge.openPageWithParam('productDetail', '7')).toBe(false);
    expect(bridge.trackPoint('x', { a: 1 })).toBe(false);
    expect(bridge.startBankFlow()).toBe(false);
    expect(bridge.endBankFlow()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never throws when the browser refuses a navigation', () => {
    vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(bridge.openPage('/x')).toBe(false);
  });
});

describe('backToLogin: an expired or missing session (issue 12 item 10)', () => {
  it('in the app: posts backToLogin to the native handler, the host screen is not asked', () => {
    const messages = installHandler();
    const listener = vi.fn();
    const off = onSessionEnded(listener);
    expect(bridge.backToLogin()).toBe(true);
    expect(messages).toEqual([{ action: 'backToLogin' }]);
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('in a browser with a host listening: the host shows its screen and the page stays', () => {
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const listener = vi.fn();
    const off = onSessionEnded(listener);
    expect(bridge.backToLogin()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    off();
    // Unsubscribed: back to the plain fallback.
    bridge.backToLogin();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('the event is cancelable and named for hosts that do not use onSessionEnded', () => {
    vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const seen: boolean[] = [];
    const raw = (e: Event) => seen.push(e.cancelable);
    window.addEventListener(SESSION_ENDED_EVENT, raw);
    bridge.backToLogin();
    window.removeEventListener(SESSION_ENDED_EVENT, raw);
    expect(seen).toEqual([true]);
  });
});

describe('in the Android app (a fake JavascriptInterface records the JSON it gets)', () => {
  type A = Window & { LendviewAndroid?: unknown };
  let sent: string[];
  let navigate: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sent = [];
    // Like Android's addJavascriptInterface: an object whose method reads `this` (bound to the object).
    (window as A).LendviewAndroid = {
      received: sent,
      postMessage(this: { received: string[] }, json: string) {
        this.received.push(json);
      },
    };
    navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
  });
  afterEach(() => {
    delete (window as A).LendviewAndroid;
  });

  it('is in the app, as android', () => {
    expect(isInApp()).toBe(true);
    expect(bridgeHost()).toBe('android');
  });

  it('sends every call as the JSON text of the same message iOS gets, and returns true', () => {
    expect(bridge.openPage('https://x.test/a')).toBe(true);
    expect(bridge.closeWebView()).toBe(true);
    expect(bridge.openPageWithParam('productDetail', { productId: 7 })).toBe(true);
    expect(bridge.goHome()).toBe(true);
    expect(bridge.goMine()).toBe(true);
    expect(bridge.backToLogin()).toBe(true);
    expect(bridge.callPhone('+62 21 555')).toBe(true);
    expect(bridge.goRating()).toBe(true);
    expect(bridge.trackPoint('apply', { productId: 1 })).toBe(true);
    expect(bridge.startBankFlow()).toBe(true);
    expect(bridge.endBankFlow()).toBe(true);
    expect(sent).toEqual([
      '{"action":"openPage","url":"https://x.test/a"}',
      '{"action":"closeWebView"}',
      '{"action":"openPageWithParam","page":"productDetail","param":{"productId":7}}',
      '{"action":"goHome"}',
      '{"action":"goMine"}',
      '{"action":"backToLogin"}',
      '{"action":"callPhone","phone":"+62 21 555"}',
      '{"action":"goRating"}',
      '{"action":"trackPoint","name":"apply","data":{"productId":1}}',
      '{"action":"startBankFlow"}',
      '{"action":"endBankFlow"}',
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an interface that throws: false, no browser fallback', () => {
    (window as A).LendviewAndroid = {
      postMessage() {
        throw new Error('native failure');
      },
    };
    expect(bridge.callPhone('123')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('iOS wins when both exist; an interface injected late is found at call time', () => {
    const ios = installHandler();
    expect(bridgeHost()).toBe('ios');
    bridge.goHome();
    expect([ios.length, sent.length]).toEqual([1, 0]);
    delete (window as W).webkit;
    delete (window as A).LendviewAndroid;
    expect(bridgeHost()).toBe('browser');
    expect(bridge.goRating()).toBe(false);
    (window as A).LendviewAndroid = { postMessage: (json: string) => void sent.push(json) };
    expect(bridge.goRating()).toBe(true);
    expect(sent).toEqual(['{"action":"goRating"}']);
  });
});

describe('a call link (issue 40 item 6: never inert in a plain browser)', () => {
  it('telHref keeps the digits and a leading + of the number as it is shown', () => {
    expect(telHref(' +91 80 4718 2000 ')).toBe('tel:+918047182000');
    expect(telHref('(021) 5091-8080')).toBe('tel:02150918080');
  });

  it('in the app the native side calls and the link does not navigate', () => {
    const messages = installHandler();
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const preventDefault = vi.fn();
    onPhoneLinkClick('+62 21 5091 8080')({ preventDefault });
    expect(messages).toEqual([{ action: 'callPhone', phone: '+62 21 5091 8080' }]);
    expect(preventDefault).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('in a plain browser the tel: link itself calls: no bridge, no second navigation', () => {
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const preventDefault = vi.fn();
    onPhoneLinkClick('+62 21 5091 8080')({ preventDefault });
    expect(preventDefault).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('in an app whose handler fails, the link still calls', () => {
    installHandler(() => {
      throw new Error('native failure');
    });
    const navigate = vi.spyOn(browserFallback, 'navigate').mockImplementation(() => {});
    const preventDefault = vi.fn();
    onPhoneLinkClick('+62 21 5091 8080')({ preventDefault });
    expect(preventDefault).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
