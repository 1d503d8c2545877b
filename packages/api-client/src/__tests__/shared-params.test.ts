import { SHARED_PARAM_NAMES } from '@lendview/contracts';
import { describe, expect, it } from 'vitest';
import {
  SHARED_PARAMS_STORAGE_KEY,
  captureSharedParams,
  getSharedParams,
  reloadSharedParams,
  setSharedParams,
  withSharedParams,
} from '../shared-params.ts';

describe('shared params (spec 3, 7.1)', () => {
  it('takes every shared parameter from the query and nothing else', () => {
    const q = SHARED_PARAM_NAMES.map((n, i) => `${n}=v${i}`).join('&');
    const got = captureSharedParams(`?${q}&orderId=9&isNeedPop=1`);
    expect(got).toEqual({ dId: 'v0', aMar: 'v1', aVer: 'v2', tok: 'v3', aTp: 'v4', dNa: 'v5', oVer: 'v6', gid: 'v7', pf: 'v8' });
    expect(JSON.parse(sessionStorage.getItem(SHARED_PARAMS_STORAGE_KEY) ?? '{}')).toEqual(got);
  });

  it('merges over what the session kept, and a present empty value removes one', () => {
    captureSharedParams('?tok=t1&dId=d1&gid=g1');
    reloadSharedParams(); // as on the next page load
    expect(captureSharedParams('?tok=t2&gid=')).toEqual({ tok: 't2', dId: 'd1' });
    expect(captureSharedParams('?productId=3')).toEqual({ tok: 't2', dId: 'd1' });
    expect(getSharedParams()).toEqual({ tok: 't2', dId: 'd1' });
  });

  it('reads location.search and a hash-route query by default', () => {
    history.replaceState(null, '', '/promo?dId=dev#/downloadTemplate?tok=abc&dId=other');
    expect(captureSharedParams()).toEqual({ dId: 'dev', tok: 'abc' });
    history.replaceState(null, '', '/');
  });

  it('setSharedParams edits and removes; unknown names are ignored', () => {
    captureSharedParams('?tok=a&aVer=1.0');
    expect(setSharedParams({ aVer: '2.0', tok: undefined, dNa: 'iPhone' })).toEqual({ aVer: '2.0', dNa: 'iPhone' });
    setSharedParams({ ['evil' as 'tok']: 'x' });
    expect(getSharedParams()).toEqual({ aVer: '2.0', dNa: 'iPhone' });
    const copy = getSharedParams();
    copy.tok = 'mutated';
    expect(getSharedParams().tok).toBeUndefined();
  });

  it('survives bad stored JSON', () => {
    sessionStorage.setItem(SHARED_PARAMS_STORAGE_KEY, '{oops');
    expect(reloadSharedParams()).toEqual({});
  });

  it('adds the shared params to a page URL, the URL own params winning', () => {
    captureSharedParams('?tok=t&dId=d');
    expect(withSharedParams('/that?amount=1000&tok=x#top')).toBe('/that?dId=d&amount=1000&tok=x#top');
    expect(withSharedParams('/complaint')).toBe('/complaint?dId=d&tok=t');
  });
});
