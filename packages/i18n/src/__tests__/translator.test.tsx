import { render } from '@testing-library/react';
import { Trans as TransFromPackage, useTranslation as useTranslationFromPackage } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { interpolate, Translator } from '../core.ts';
import { Trans, useTranslation } from '../react.tsx';

function make(lng = 'en') {
  const t = new Translator();
  void t.init({
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: {
      en: { common: { hi: 'Hello {{name}}', star_one: '{{count}} star', star_other: '{{count}} stars', only: 'English only' } },
      id: { common: { hi: 'Halo {{name}}', star_other: '{{count}} bintang' } },
    },
  });
  t.addResourceBundle('en', 'pay', { a: { b: 'Pay <0>{{amount}}</0> by <1>{{date}}</1>', obj: { x: 'X' } } });
  t.addResourceBundle('id', 'pay', { a: { b: 'Bayar <0>{{amount}}</0> sebelum <1>{{date}}</1>' } });
  return t;
}

describe('the in-house translator (i18next semantics the apps rely on)', () => {
  it('interpolates, leaves an unknown placeholder, plural by Intl.PluralRules, falls back to English, returns the key', () => {
    const t = make();
    expect(t.t('hi', { name: 'Ana' })).toBe('Hello Ana');
    expect(t.t('hi')).toBe('Hello {{name}}');
    expect(t.t('star', { count: 1 })).toBe('1 star');
    expect(t.t('star', { count: 0 })).toBe('0 stars');
    expect(t.getFixedT('id')('star', { count: 1 })).toBe('1 bintang');
    expect(t.getFixedT('id')('only')).toBe('English only');
    expect(t.t('missing.key')).toBe('missing.key');
    // An object is not a message (no returnObjects): the key, as i18next with returnObjects false.
    expect(t.getFixedT('en', 'pay')('a.obj')).toBe('a.obj');
    expect(t.getFixedT('en', 'pay', 'a.obj')('x')).toBe('X');
    expect(t.t('hi', { ns: 'common', lng: 'id', name: 'Budi' })).toBe('Halo Budi');
    expect(interpolate('{{a.b}} {{- c}}', { a: { b: 1 }, c: '<x>' })).toBe('1 <x>');
  });

  it('changeLanguage emits languageChanged once per change; addResourceBundle merges deep and overwrites', async () => {
    const t = make();
    const seen: unknown[] = [];
    t.on('languageChanged', (l) => seen.push(l));
    await t.changeLanguage('id');
    await t.changeLanguage('id');
    expect(seen).toEqual(['id']);
    expect(t.t('hi', { name: 'A' })).toBe('Halo A');
    t.addResourceBundle('id', 'common', { hi: 'Hai {{name}}' }, true, true);
    expect(t.t('hi', { name: 'A' })).toBe('Hai A');
  });

  it('Trans renders numbered tags with the given elements, values inside them', () => {
    const t = make();
    const { container } = render(
      <Trans
        t={t.getFixedT('en', 'pay')}
        i18nKey="a.b"
        values={{ amount: 'Rp 1.000', date: '2026-01-02' }}
        components={[<b key="x" />, <i key="y" className="d" />]}
      />,
    );
    expect(container.innerHTML).toBe('Pay <b>Rp 1.000</b> by <i class="d">2026-01-02</i>');
  });

  it("'react-i18next' is these bindings (the alias every build and test uses)", () => {
    expect(useTranslationFromPackage).toBe(useTranslation);
    expect(TransFromPackage).toBe(Trans);
  });

  it('useTranslation: keyPrefix, the array form, and a new t when the language changes', async () => {
    const { i18n, initI18n, setLanguage } = await import('../instance.ts');
    await initI18n('en');
    const ts: unknown[] = [];
    function Probe() {
      const res = useTranslation('common', { keyPrefix: undefined });
      const [t, inst, ready] = res;
      ts.push(res.t);
      expect(t).toBe(res.t);
      expect(inst).toBe(i18n);
      expect(ready).toBe(true);
      return <span>{res.t('cancel')}</span>;
    }
    const view = render(<Probe />);
    expect(view.container.textContent).toBe('Cancel');
    const { act } = await import('@testing-library/react');
    await act(() => setLanguage('id'));
    expect(view.container.textContent).toBe('Batal');
    expect(new Set(ts).size).toBe(2);
  });
});
