import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, type To } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getSharedParams } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import type { Lang } from '@lendview/i18n';
import { Button, CountdownButton, cx, toast } from '@lendview/ui';
import type { LandingConfig } from '../api/channel-template.ts';
import { captchaImageUrl, fetchSid } from '../api/get-sid.ts';
import { sendSms } from '../api/get-sms.ts';
import { registerVisitor } from '../api/register.ts';
import { trackClick } from '../api/track-click.ts';
import { SMS_COUNTDOWN_SECONDS } from '../lib/limits.ts';
import { capCaptcha, capPhone, capSmsCode, isValidPhone } from '../lib/phone.ts';
import { type PromoQuery, currentClientType } from '../lib/promo-query.ts';
import { type Outcome, registerOutcome, settle, smsOutcome } from '../lib/registration.ts';
import { type SentWith, clearRegistration, loadRegistration, saveRegistration, stamped } from '../lib/registration-store.ts';
import { pick } from '../lib/text.ts';
import { useHydrating } from '@lendview/kit';

type FieldName = 'phone' | 'captcha' | 'sms';
type Errors = Partial<Record<FieldName, string>>;

type Captcha = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; sid: string; src: string };

export interface RegistrationFormProps {
  config: LandingConfig;
  lang: Lang;
  query: PromoQuery;
  /** Where the agreement link goes; without it (the editor's preview) the link is drawn but goes nowhere. */
  agreementTo?: To;
  /** After register 0, or 11 on either call (spec 4.5): the download page. */
  onDone?: () => void;
  /** The editor's preview: nothing is fetched or sent. */
  preview?: boolean;
}

/**
 * The registration form of spec 2.6 / 4.5: mobile, image captcha with refresh, SMS code with the countdown of
 * spec 4.4, Apply, the agreement link. Validation messages of spec 5 show under their field (and focus it);
 * answers of spec 8 show as toasts. Typed text is never cleared by a failure, except the captcha answer when its
 * image is replaced (it belonged to the old picture).
 */
export function RegistrationForm({ config, lang, query, agreementTo, onDone, preview = false }: RegistrationFormProps) {
  const { i18n } = useTranslation('promotion_registration');
  // Labels follow `lang`, not the page's language: the editor previews either language on one page.
  const t = useMemo(() => i18n.getFixedT(lang, 'promotion_registration'), [i18n, lang]);
  const uid = useId();
  // A reload of the page picks up where the visitor was (lib/registration-store.ts); the preview never does.
  const storeId = preview ? null : query.templateId;
  // The saved progress is the browser's alone: a server-rendered page (/promo, /landing) is drawn and hydrated without
  // it (else the first render differs from the server's markup), and it is restored right after (below).
  const hydrating = useHydrating();
  const [saved] = useState(() => (storeId === null || hydrating ? null : loadRegistration(storeId)));
  const [phone, setPhone] = useState(saved?.phone ?? '');
  const [captchaText, setCaptchaText] = useState(saved?.captcha ? saved.captchaText : '');
  const [sms, setSms] = useState(saved?.sms ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [captcha, setCaptcha] = useState<Captcha>(() =>
    saved?.captcha
      ? { state: 'ready', sid: saved.captcha.sid, src: captchaImageUrl(saved.captcha.sid, saved.captcha.at) }
      : { state: 'loading' },
  );
  const captchaAt = useRef(saved?.captcha?.at ?? 0);
  const [submitting, setSubmitting] = useState(false);
  // The captcha the server accepted for the last code sent. get-sms spends a captcha (docs/promotion.md):
  // register must name that one, and another code needs a new picture.
  const sentWith = useRef<(SentWith & { at: number }) | null>(saved?.sentWith ?? null);
  const persist = useCallback(() => {
    if (storeId === null) return;
    saveRegistration(storeId, {
      phone,
      captchaText,
      sms,
      captcha: captcha.state === 'ready' ? { sid: captcha.sid, at: captchaAt.current } : null,
      sentWith: sentWith.current,
    });
  }, [storeId, phone, captchaText, sms, captcha]);
  useEffect(persist, [persist]);
  const phoneRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const smsRef = useRef<HTMLInputElement>(null);
  // For the handlers that focus a field by name.
  const refs = { phone: phoneRef, captcha: captchaRef, sms: smsRef };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Fetches a new picture; the caller has shown (or starts with) the loading state. */
  const fetchCaptcha = useCallback(async () => {
    let failure: string;
    try {
      const env = await fetchSid();
      if ((env.code === 0 || env.code === '0') && env.data?.sid) {
        captchaAt.current = Date.now();
        if (mounted.current) setCaptcha({ state: 'ready', sid: env.data.sid, src: captchaImageUrl(env.data.sid, captchaAt.current) });
        return;
      }
      failure = env.message || t('landing.networkError');
    } catch {
      failure = t('landing.networkError');
    }
    if (!mounted.current) return;
    setCaptcha({ state: 'failed' });
    toast.show(failure);
  }, [t]);
  const loadCaptcha = () => {
    setCaptcha({ state: 'loading' });
    void fetchCaptcha();
  };
  // A new language fetches a new picture (the effect below, through fetchCaptcha's t); the old one shows as
  // loading until then, set while rendering rather than from the effect.
  const [captchaLang, setCaptchaLang] = useState(lang);
  if (captchaLang !== lang) {
    setCaptchaLang(lang);
    if (!preview) setCaptcha({ state: 'loading' });
  }

  // The first captcha comes with the page (it needs no phone); later ones follow the rule of spec 5.
  const restoredCaptcha = useRef(saved?.captcha !== null && saved?.captcha !== undefined);
  // After hydration: in a layout effect, so before the hydrated page is painted and before the effect below would
  // fetch a new captcha for a restored one.
  const restoreAfterHydration = useRef(hydrating && storeId !== null);
  useLayoutEffect(() => {
    if (!restoreAfterHydration.current || storeId === null) return;
    restoreAfterHydration.current = false;
    const later = loadRegistration(storeId);
    if (!later) return;
    // State from outside React (sessionStorage) that the hydration render had to leave out: set once, right after it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPhone(later.phone);
    setSms(later.sms);
    sentWith.current = later.sentWith;
    if (later.captcha) {
      setCaptchaText(later.captchaText);
      captchaAt.current = later.captcha.at;
      setCaptcha({ state: 'ready', sid: later.captcha.sid, src: captchaImageUrl(later.captcha.sid, later.captcha.at) });
      restoredCaptcha.current = true;
    }
  }, [storeId]);
  useEffect(() => {
    // A captcha restored from the session is still fresh (registration-store.ts): no new picture for it.
    if (restoredCaptcha.current) {
      restoredCaptcha.current = false;
      return;
    }
    // The state starts as loading (nothing restored), so the effect only fetches.
    if (!preview) void fetchCaptcha();
  }, [preview, fetchCaptcha]);

  const showError = (field: FieldName, message: string) => {
    setErrors((e) => ({ ...e, [field]: message }));
    refs[field].current?.focus();
  };
  const clearError = (field: FieldName) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  /** Spec 5: a new captcha image needs a valid mobile number first. */
  const onRefreshCaptcha = () => {
    if (preview) return;
    if (!isValidPhone(phone)) {
      showError('phone', t('landing.phoneInvalid'));
      return;
    }
    setCaptchaText('');
    loadCaptcha();
  };

  const common = () => ({
    phone,
    capcode: captchaText,
    sid: captcha.state === 'ready' ? captcha.sid : '',
    deviceId: getSharedParams().dId ?? '',
    appName: config.appName,
    app_from: query.app_from,
    user_from: query.user_from,
    utm_tag: query.utm_tag,
  });

  /** Spec 8: the common reactions to an answer of get-sms or register. */
  const react = (outcome: Outcome) => {
    switch (outcome.kind) {
      case 'alreadyRegistered':
        toast.show(t('landing.alreadyRegistered'));
        onDone?.();
        return;
      case 'wrongCaptcha':
        setCaptchaText('');
        loadCaptcha();
        toast.show(outcome.message || t('landing.captchaInvalid'));
        refs.captcha.current?.focus();
        return;
      case 'failed':
        toast.show(outcome.message || t('landing.networkError'));
        return;
      case 'network':
        toast.show(t('landing.networkError'));
        return;
      default:
        return;
    }
  };

  /** Phone and captcha, in the order of the form: the first problem is shown and focused. */
  const checkPhoneAndCaptcha = (): boolean => {
    const next: Errors = {};
    if (!isValidPhone(phone)) next.phone = t('landing.phoneInvalid');
    if (captchaText === '' || captcha.state !== 'ready') next.captcha = t('landing.captchaInvalid');
    setErrors((e) => ({ ...e, phone: next.phone, captcha: next.captcha }));
    const first = (['phone', 'captcha'] as const).find((f) => next[f]);
    if (first) refs[first].current?.focus();
    return !first;
  };

  const onSendCode = async (): Promise<boolean> => {
    if (preview || !checkPhoneAndCaptcha()) return false;
    if (captcha.state === 'ready' && sentWith.current?.sid === captcha.sid) {
      // This picture was spent on the last code: ask for the new one instead of letting the server say "wrong".
      setCaptchaText('');
      loadCaptcha();
      showError('captcha', t('landing.captchaRenew'));
      return false;
    }
    const request = common();
    const outcome = await settle(() => sendSms(request), smsOutcome);
    if (!mounted.current) return false;
    if (outcome.kind === 'smsSent') {
      sentWith.current = stamped({ phone: request.phone, sid: request.sid, capcode: request.capcode });
      persist();
      toast.show(t('landing.smsSent'));
      refs.sms.current?.focus();
      return true;
    }
    react(outcome);
    return false;
  };

  const onApply = async (e: FormEvent) => {
    e.preventDefault();
    if (preview || submitting) return;
    // After a code was sent to this phone, register names the captcha that code was sent with (the picture on
    // screen may already be a new one); otherwise the form's own captcha, checked as usual.
    const sent = sentWith.current?.phone === phone ? sentWith.current : null;
    const phoneCaptchaOk = sent ? isValidPhone(phone) : checkPhoneAndCaptcha();
    if (!phoneCaptchaOk) {
      if (sms === '') setErrors((x) => ({ ...x, sms: t('landing.smsInvalid') }));
      return;
    }
    if (sms === '') {
      showError('sms', t('landing.smsInvalid'));
      return;
    }
    const base = sent ? { ...common(), sid: sent.sid, capcode: sent.capcode } : common();
    trackClick({
      page_id: query.templateId ?? 0,
      user_from: query.user_from,
      client_type: currentClientType(),
      page_type: 1,
      utm_tag: query.utm_tag,
      app_from: query.app_from,
      phone,
    });
    setSubmitting(true);
    const outcome = await settle(
      () =>
        registerVisitor({
          ...base,
          smsCode: sms,
          merchantNumber: '0',
          userName: phone,
          invite_code: query.invite_code,
          id: query.templateId ?? 0,
        }),
      registerOutcome,
    );
    if (!mounted.current) return;
    setSubmitting(false);
    if (outcome.kind === 'registered') {
      if (storeId !== null) clearRegistration(storeId);
      toast.show(t('landing.registered'), { type: 'success' });
      // Spec 8 "conversion tracking": the app's tracking point, when the page runs inside the app.
      bridge.trackPoint('promotion_register', {
        templateId: query.templateId ?? 0,
        app_from: query.app_from,
        user_from: query.user_from,
        utm_tag: query.utm_tag,
      });
      onDone?.();
      return;
    }
    // -1: the captcha of the last code is no good any more; the next code starts from the new picture.
    if (outcome.kind === 'wrongCaptcha') sentWith.current = null;
    react(outcome);
  };

  const ids = { phone: `${uid}-phone`, captcha: `${uid}-captcha`, sms: `${uid}-sms` };
  const errorId = (f: FieldName) => (errors[f] ? `${ids[f]}-error` : undefined);
  const errorText = (f: FieldName) =>
    errors[f] ? (
      <p id={`${ids[f]}-error`} className="pr-field__error" role="alert">
        {errors[f]}
      </p>
    ) : null;
  const agreementLabel = pick(config.agreementTitle, lang);
  /** What the three inputs share (each passes its own ref): id, the cap applied to every edit, the error wiring. */
  const inputProps = (f: FieldName, value: string, set: (v: string) => void, cap: (v: string) => string) => ({
    id: ids[f],
    className: 'pr-input',
    value,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errorId(f),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(cap(e.target.value));
      clearError(f);
    },
  });

  return (
    <form className="pr-form" noValidate onSubmit={(e) => void onApply(e)} aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="pr-form__heading">
        {t('landing.formHeading')}
      </h2>

      <div className={cx('pr-field', !!errors.phone && 'is-invalid')}>
        <label className="pr-field__label" htmlFor={ids.phone}>
          {t('landing.mobile')}
        </label>
        <input
          {...inputProps('phone', phone, setPhone, capPhone)}
          ref={phoneRef}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('landing.mobilePlaceholder')}
        />
        {errorText('phone')}
      </div>

      <div className={cx('pr-field', !!errors.captcha && 'is-invalid')}>
        <label className="pr-field__label" htmlFor={ids.captcha}>
          {t('landing.captcha')}
        </label>
        <div className="pr-field__row">
          <input
            {...inputProps('captcha', captchaText, setCaptchaText, capCaptcha)}
            ref={captchaRef}
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={t('landing.captchaPlaceholder')}
          />
          <button
            type="button"
            className="pr-captcha"
            onClick={onRefreshCaptcha}
            aria-label={t('landing.refreshCaptcha')}
            title={t('landing.refreshCaptcha')}
          >
            {captcha.state === 'ready' ? (
              <img className="pr-captcha__img" src={captcha.src} alt={t('landing.captchaAlt')} width={120} height={44} />
            ) : (
              <span className="pr-captcha__placeholder">
                {captcha.state === 'failed' ? t('landing.captchaUnavailable') : preview ? 'AB12' : t('landing.captchaLoading')}
              </span>
            )}
            <svg className="pr-captcha__refresh" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        {errorText('captcha')}
      </div>

      <div className={cx('pr-field', !!errors.sms && 'is-invalid')}>
        <label className="pr-field__label" htmlFor={ids.sms}>
          {t('landing.sms')}
        </label>
        <div className="pr-field__row">
          <input
            {...inputProps('sms', sms, setSms, capSmsCode)}
            ref={smsRef}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('landing.smsPlaceholder')}
          />
          <CountdownButton
            className="pr-code-button"
            seconds={SMS_COUNTDOWN_SECONDS}
            onSend={onSendCode}
            readyLabel={t('landing.getCode')}
            countingLabel={(n) => t('landing.countdown', { count: n })}
            onBlockedClick={() => toast.show(t('landing.repeatSend'))}
          />
        </div>
        {errorText('sms')}
      </div>

      <Button type="submit" block className="pr-apply" loading={submitting}>
        {pick(config.buttonText, lang)}
      </Button>

      <p className="pr-agreement">
        {t('landing.agreementPrefix')}{' '}
        {agreementTo ? (
          <Link to={agreementTo} className="pr-link">
            {agreementLabel}
          </Link>
        ) : (
          <span className="pr-link">{agreementLabel}</span>
        )}
      </p>
    </form>
  );
}
