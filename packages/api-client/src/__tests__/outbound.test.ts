import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARED_PARAM_NAMES } from '@lendview/contracts/routes';
import { buildOutboundUrl, externalUrl, isSameOrigin, navigateOutbound, outboundNav } from '../outbound.ts';
import { captureSharedParams } from '../shared-params.ts';

const TOK = 'sess-7f3a9c1d2e';
const DID = 'dev-41b2c3';

/** Fails when any shared identity parameter, or the token or device id by value, is in `url`. */
function expectNoIdentity(url: string) {
  const parsed = new URL(url);
  for (const name of SHARED_PARAM_NAMES) expect(parsed.searchParams.has(name), `${name} in ${url}`).toBe(false);
  expect(url).not.toContain(TOK);
  expect(url).not.toContain(DID);
  expect(url).not.toContain(encodeURIComponent(TOK));
}

beforeEach(() => {
  captureSharedParams(`?tok=${TOK}&dId=${DID}&aVer=3.1.0&aMar=appstore&aTp=1&dNa=iPhone&oVer=17&gid=ad-9&pf=ios`);
});
afterEach(() => vi.restoreAllMocks());

describe('outbound URLs (issue 12 item 1: the session never leaves our origin)', () => {
  it.each([
    'https://dana-kilat.example.com/apply',
    'https://rupiah-mudah.example.com/apply?ref=lendview',
    'https://partner.example.com/start?lvCode=abc123',
    // Whatever the server or a template hands us, our parameters never go out, by name or by value.
    `https://partner.example.com/a?tok=${TOK}&dId=${DID}&aVer=1&gid=x`,
    `https://partner.example.com/a?session=${TOK}&x=1`,
    `https://partner.example.com/a?next=${encodeURIComponent(`https://x.test/?t=${TOK}`)}`,
    `https://partner.example.com/a#tok=${TOK}`,
    `https://${TOK}:pw@partner.example.com/a`,
    `http://partner.example.com/a?TOK=1&tok=${TOK}`,
  ])('another origin gets none of our identity: %s', (url) => {
    const out = buildOutboundUrl(url);
    expect(out).not.toBe('');
    expectNoIdentity(out);
    expect(new URL(out).origin).toBe(new URL(url).origin);
  });

  it("keeps the partner's own parameters and the one-time code", () => {
    expect(buildOutboundUrl('https://rupiah-mudah.example.com/apply?ref=lendview&lvCode=c0de')).toBe(
      'https://rupiah-mudah.example.com/apply?ref=lendview&lvCode=c0de',
    );
    expect(externalUrl(`https://p.example.com/a?x=1&tok=${TOK}#frag`)).toBe('https://p.example.com/a?x=1#frag');
  });

  it('same origin keeps carrying the shared parameters, as today', () => {
    const out = buildOutboundUrl('/v3/contract/view?id=1&productId=1');
    expect(out.startsWith('/v3/contract/view?')).toBe(true);
    expect(new URLSearchParams(out.split('?')[1]).get('tok')).toBe(TOK);
    expect(new URLSearchParams(out.split('?')[1]).get('id')).toBe('1');
    expect(buildOutboundUrl(`${location.origin}/loanDetails?orderId=DEMO-170`)).toContain(`tok=${TOK}`);
    expect(isSameOrigin('/that')).toBe(true);
    expect(isSameOrigin('https://partner.example.com/')).toBe(false);
    // Protocol-relative and backslash tricks are other origins.
    expect(isSameOrigin('//evil.example.com/x')).toBe(false);
    expectNoIdentity(buildOutboundUrl('//evil.example.com/x'));
    expectNoIdentity(buildOutboundUrl('/\\evil.example.com/x'));
  });

  it('refuses what is not a web address', () => {
    expect(buildOutboundUrl('javascript:alert(document.cookie)')).toBe('');
    expect(buildOutboundUrl('data:text/html,<script>1</script>')).toBe('');
    expect(buildOutboundUrl('   ')).toBe('');
  });

  it('navigateOutbound goes through the helper and navigates once; nothing for a refused URL', () => {
    const assign = vi.spyOn(outboundNav, 'assign').mockImplementation(() => {});
    navigateOutbound(`https://partner.example.com/apply?tok=${TOK}&lvCode=z`);
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://partner.example.com/apply?lvCode=z');
    navigateOutbound('javascript:void 0');
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('the test itself fails on a leaking URL (it can fail)', () => {
    expect(() => expectNoIdentity(`https://p.example.com/?tok=${TOK}`)).toThrow();
    expect(() => expectNoIdentity(`https://p.example.com/?x=${DID}`)).toThrow();
  });
});
