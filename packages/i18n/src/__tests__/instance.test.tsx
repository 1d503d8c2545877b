import { act, render, renderHook, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANG_STORAGE_KEY } from '../lang.ts';
import { I18nextProvider } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import {
  addMessages,
  createRenderI18n,
  currentI18n,
  getLang,
  i18n,
  initI18n,
  legacyT,
  renderWithI18n,
  setLanguage,
  useLang,
} from '../instance.ts';

describe('i18n instance', () => {
  it('initialises once, synchronously usable, with the language rule', async () => {
    history.replaceState(null, '', '/?isNeedPop=1');
    const p1 = initI18n();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('retry')).toBe('Retry');
    const p2 = initI18n();
    expect(p2).toBe(p1);
    await expect(p1).resolves.toBe(i18n);
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    history.replaceState(null, '', '/');
  });

  it('has the common messages in both languages and the Chinese legacy set', async () => {
    await initI18n();
    const en = i18n.getFixedT('en');
    const id = i18n.getFixedT('id');
    expect(en('pleaseSelect')).toBe('Please select');
    expect(id('pleaseSelect')).toBe('Silakan pilih');
    expect(en('remoteFailed')).toBe('This part of the app could not be loaded.');
    expect(id('backHome')).toBe('Kembali ke beranda');
    expect(en('star', { count: 1 })).toBe('1 star');
    expect(en('star', { count: 3 })).toBe('3 stars');
    expect(id('star', { count: 3 })).toBe('3 bintang');
    expect(i18n.getFixedT('zh')('selectBankCardFirst')).toBe('请先选择银行卡');
    expect(legacyT()('enterCorrectCode')).toBe('请输入正确的验证码');
    // A key the legacy set lacks falls back to English.
    expect(legacyT()('remoteFailed')).toBe('This part of the app could not be loaded.');
  });

  it('lets a remote add its own namespace, deep and overwriting', async () => {
    await initI18n();
    addMessages({ complaint: { en: { title: 'Complaint', form: { a: 'A' } }, id: { title: 'Pengaduan' } } });
    addMessages({ complaint: { en: { form: { b: 'B' } }, id: { title: 'Keluhan' }, zh: { title: '投诉' } } });
    expect(i18n.getFixedT('en', 'complaint')('form.a')).toBe('A');
    expect(i18n.getFixedT('en', 'complaint')('form.b')).toBe('B');
    expect(i18n.getFixedT('id', 'complaint')('title')).toBe('Keluhan');
    expect(i18n.getFixedT('zh', 'complaint')('title')).toBe('投诉');
  });

  it('switches language, stores it, and useLang / useTranslation re-render', async () => {
    await initI18n();
    await act(() => setLanguage('id'));
    const { result } = renderHook(() => useLang());
    expect(result.current).toBe('id');
    function Label() {
      const { t } = useTranslation();
      return <span>{t('cancel')}</span>;
    }
    render(<Label />);
    expect(screen.getByText('Batal')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(result.current).toBe('en');
    expect(getLang()).toBe('en');
    expect(screen.getByText('Cancel')).toBeTruthy();
    expect(sessionStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a later initI18n(lang) switches the language', async () => {
    await initI18n('id');
    await Promise.resolve();
    expect(getLang()).toBe('id');
  });
});

describe("server renders (issue 33): one instance per render, never the page's store", () => {
  const v1 = { marketing: { en: { title: 'Title of 0.2.0' }, id: { title: 'Judul 0.2.0' } } };
  const v2 = { marketing: { en: { title: 'Title of 0.3.0' }, id: { title: 'Judul 0.3.0' } } };
  function Title() {
    const { t } = useTranslation('marketing');
    const lang = useLang();
    return <h1>{`${t('title')} (${lang}) ${t('cancel', { ns: 'common' })}`}</h1>;
  }
  const renderOnServer = (instance: ReturnType<typeof createRenderI18n>) =>
    renderWithI18n(instance, () =>
      renderToString(
        <I18nextProvider i18n={currentI18n()}>
          <Title />
        </I18nextProvider>,
      ),
    );

  it("two versions rendered one after the other each show their own text, in the render's language", () => {
    const live = createRenderI18n('id', [v1]);
    const preview = createRenderI18n('en', [v2]);
    expect(renderOnServer(preview)).toBe('<h1>Title of 0.3.0 (en) Cancel</h1>');
    expect(renderOnServer(live)).toBe('<h1>Judul 0.2.0 (id) Batal</h1>');
    // Creating the preview's instance after the live one changed nothing of the live one.
    expect(live.getFixedT('id', 'marketing')('title')).toBe('Judul 0.2.0');
  });

  it('a render instance leaves the page instance and its messages alone', async () => {
    await initI18n('id');
    const before = i18n.hasResourceBundle('en', 'marketing');
    const render = createRenderI18n('en', [v2]);
    expect(renderWithI18n(render, () => getLang())).toBe('en');
    expect(renderWithI18n(render, () => legacyT()('selectBankCardFirst'))).toBe('请先选择银行卡');
    expect(getLang()).toBe('id');
    expect(currentI18n()).toBe(i18n);
    expect(i18n.hasResourceBundle('en', 'marketing')).toBe(before);
  });

  it('the current instance is restored when a render throws', () => {
    const render = createRenderI18n('en', []);
    expect(() =>
      renderWithI18n(render, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(currentI18n()).toBe(i18n);
  });
});
