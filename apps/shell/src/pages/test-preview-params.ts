import { getSharedParams, setSharedParams as storeSharedParams } from '@lendview/api-client';
import type { Lang } from '@lendview/i18n';

export interface DeviceFields {
  appVersion: string;
  deviceName: string;
  deviceId: string;
  osVersion: string;
  sessionId: string;
  adId: string;
  productId: string;
  orderId: string;
}

const STORAGE_KEY = 'lv.testPreview';

/** Fields as saved on this device, else what this session already carries (tok, dId, ...). */
export function loadDevice(storage: Storage = localStorage): DeviceFields {
  const shared = getSharedParams();
  let saved: Partial<DeviceFields> = {};
  try {
    saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<DeviceFields>;
  } catch {
    saved = {};
  }
  return {
    appVersion: saved.appVersion ?? shared.aVer ?? '',
    deviceName: saved.deviceName ?? shared.dNa ?? '',
    deviceId: saved.deviceId ?? shared.dId ?? '',
    osVersion: saved.osVersion ?? shared.oVer ?? '',
    sessionId: saved.sessionId ?? shared.tok ?? '',
    adId: saved.adId ?? shared.gid ?? '',
    productId: saved.productId ?? '1',
    orderId: saved.orderId ?? '',
  };
}

export function saveDevice(d: DeviceFields, storage: Storage = localStorage) {
  storage.setItem(STORAGE_KEY, JSON.stringify(d));
}

/** The device fields are the shared request parameters of spec 7.1 (ad id is gid). */
export function setSharedParams(d: DeviceFields) {
  storeSharedParams({ aVer: d.appVersion, dNa: d.deviceName, dId: d.deviceId, oVer: d.osVersion, tok: d.sessionId, gid: d.adId });
}

/** Links to every borrower screen, carrying the shared params and the chosen product and order. */
/**
 * `owed`: what loan details says the order owes (minor units), when known. The payment pages need it (spec 2.5:
 * the amount travels in the link; without it they say "This payment link is incomplete", issue 40).
 */
export function buildScreenLinks(d: DeviceFields, lang: Lang, owed?: number): { label: string; href: string }[] {
  const base: Record<string, string> = {};
  const put = (k: string, v: string) => {
    if (v) base[k] = v;
  };
  put('tok', d.sessionId);
  put('dId', d.deviceId);
  put('aVer', d.appVersion);
  put('dNa', d.deviceName);
  put('oVer', d.osVersion);
  put('gid', d.adId);
  if (lang === 'en') base.isNeedPop = '1';
  const href = (path: string, extra: Record<string, string | undefined> = {}) => {
    const q = new URLSearchParams(base);
    for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  const order = { productId: d.productId, orderId: d.orderId };
  const payment = { ...order, amount: owed && Number.isSafeInteger(owed) && owed > 0 ? String(owed) : undefined };
  return [
    { label: 'confirmLoan', href: href('/confirm', { ...order, position: '0' }) },
    { label: 'orderDetails', href: href('/loanDetails', order) },
    { label: 'repayment', href: href('/individual', payment) },
    { label: 'repayInstructions', href: href('/that', payment) },
    { label: 'extension', href: href('/repayDelay', order) },
    { label: 'instalments', href: href('/installment', order) },
    { label: 'bindBank', href: href('/bindCard', order) },
    { label: 'legacyRepay', href: href('/repay', order) },
    { label: 'complaint', href: href('/complaint', { orderNo: d.orderId }) },
    { label: 'complaintGrid', href: href('/complainNewPage', { orderNo: d.orderId }) },
    { label: 'chatbot', href: href('/intelligentCustomerService', { orderNo: d.orderId, selectedIndex: '0' }) },
    { label: 'complaintList', href: href('/complaintList') },
    { label: 'recommended', href: href('/relevant', { scene: 'banner_jingzhun' }) },
    { label: 'jointLoginFailure', href: href('/error') },
    { label: 'customerService', href: href('/customerService') },
    { label: 'aboutUs', href: href('/aboutUs') },
    { label: 'privacyPolicy', href: href('/privacyPolicy') },
    { label: 'loanTerms', href: href('/loanTerms') },
    { label: 'promo', href: href('/promo', { templateId: '1' }) },
    { label: 'home', href: href('/') },
  ];
}
