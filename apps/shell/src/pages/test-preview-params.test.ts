import { beforeEach, describe, expect, it } from 'vitest';
import { getSharedParams } from '@lendview/api-client';
import { buildScreenLinks, loadDevice, saveDevice, setSharedParams, type DeviceFields } from './test-preview-params.ts';

const device: DeviceFields = {
  appVersion: '3.2.1',
  deviceName: 'iPhone 15',
  deviceId: 'dev-42',
  osVersion: '17.4',
  sessionId: 'demo-borrower',
  adId: 'ad-7',
  productId: '1',
  orderId: 'DEMO-170',
};

describe('developer test page fields', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the fields across reloads', () => {
    saveDevice(device);
    expect(loadDevice()).toEqual(device);
  });

  it('makes them the shared request parameters', () => {
    setSharedParams(device);
    expect(getSharedParams()).toMatchObject({
      aVer: '3.2.1',
      dNa: 'iPhone 15',
      dId: 'dev-42',
      oVer: '17.4',
      tok: 'demo-borrower',
      gid: 'ad-7',
    });
  });

  it('links every borrower screen with the params, product and order', () => {
    const links = buildScreenLinks(device, 'en');
    const byLabel = Object.fromEntries(links.map((l) => [l.label, new URL(l.href, 'http://x')]));
    expect(Object.keys(byLabel)).toEqual(
      expect.arrayContaining([
        'confirmLoan',
        'orderDetails',
        'repayment',
        'extension',
        'bindBank',
        'aboutUs',
        'complaint',
        'customerService',
        'privacyPolicy',
        'repayInstructions',
      ]),
    );
    const details = byLabel.orderDetails!;
    expect(details.pathname).toBe('/loanDetails');
    expect(details.searchParams.get('productId')).toBe('1');
    expect(details.searchParams.get('orderId')).toBe('DEMO-170');
    expect(details.searchParams.get('tok')).toBe('demo-borrower');
    expect(details.searchParams.get('dId')).toBe('dev-42');
    expect(details.searchParams.get('isNeedPop')).toBe('1');
    expect(byLabel.confirmLoan!.pathname).toBe('/confirm');
    expect(byLabel.repayInstructions!.pathname).toBe('/that');
    expect(new URL(buildScreenLinks(device, 'id')[0]!.href, 'http://x').searchParams.has('isNeedPop')).toBe(false);
  });

  it('the payment links carry the amount the order owes (issue 40: without it they were incomplete)', () => {
    const byLabel = Object.fromEntries(buildScreenLinks(device, 'en', 261_375_000).map((l) => [l.label, new URL(l.href, 'http://x')]));
    expect(byLabel.repayment!.searchParams.get('amount')).toBe('261375000');
    expect(byLabel.repayInstructions!.searchParams.get('amount')).toBe('261375000');
    expect(byLabel.orderDetails!.searchParams.has('amount')).toBe(false);
  });
});
