import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@lendview/api-client';
import { Button, Card, Field, Page, TextInput, buttonClassName, toast, useCountdown, useQueryParam } from '@lendview/ui';
import { type BoundCard, bindCard, sendCardCode, verifyCard } from './api/bind-card.ts';
import { LockIcon } from './components/icons.tsx';
import { NS } from './i18n/index.ts';
import { BANKS } from './lib/banks.ts';
import { cardDigits, formatCardInput } from './lib/card-number.ts';
import {
  CARD_CODE_LENGTH,
  CARD_CODE_TTL_MINUTES,
  CARD_NO_MAX,
  CARD_NO_MIN,
  CODE_COUNTDOWN_SECONDS,
  ERROR_CODE,
  HOLDER_MAX,
  HOLDER_MIN,
} from './lib/constants.ts';
import { cardRepaymentErrorText } from './lib/messages.ts';
import { orderQuery } from './lib/navigation.ts';
import './styles/card-repayment.css';
import { OneTimeCodeInput } from '@lendview/kit';

type FieldName = 'bank' | 'cardNo' | 'holder';
type Errors = Partial<Record<FieldName, string>>;
/** The code step: the card bound and waiting for the SMS code that proves it is the borrower's. */
type CodeStep = { cardId: number; card: BoundCard };

/**
 * `/bindCard?orderId[&productId]`: add a bank card (our screen: spec 2.1 names the route only). Bank, card number
 * (digits only, grouped in fours as typed, spec 5) and holder name; bind-card sends an SMS code to the borrower's
 * phone (docs/repayment.md "Card binding") and the code step opens with the 60 s countdown (spec 4.4);
 * bind-card-verify; then back to `/repay?orderId&cardId` with the new card chosen. Nothing typed is lost on an
 * error.
 */
export default function BindCardPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = useQueryParam('orderId');
  const productId = useQueryParam('productId');
  const formId = useId();

  const [bank, setBank] = useState('');
  const [cardNo, setCardNo] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'bind' | 'verify' | 'resend' | null>(null);
  const busyRef = useRef(false);
  const [step, setStep] = useState<CodeStep | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const countdown = useCountdown(CODE_COUNTDOWN_SECONDS);
  const codeInput = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const bankRef = useRef<HTMLSelectElement>(null);
  const cardNoRef = useRef<HTMLInputElement>(null);
  const holderRef = useRef<HTMLInputElement>(null);

  const clearError = (name: FieldName) => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));

  const onCardNo = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const next = formatCardInput(input.value, input.selectionStart);
    setCardNo(next.value);
    clearError('cardNo');
    // Put the caret back after the digit it followed (React sets the value after this handler).
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    });
  };

  function validate(): Errors {
    const out: Errors = {};
    if (!BANKS.some((b) => b.code === bank)) out.bank = t('bind.errors.bank');
    const digits = cardDigits(cardNo);
    if (digits.length < CARD_NO_MIN || digits.length > CARD_NO_MAX) out.cardNo = t('bind.errors.cardNo');
    const name = holder.trim();
    if (name.length < HOLDER_MIN || name.length > HOLDER_MAX) out.holder = t('bind.errors.holder');
    return out;
  }

  useEffect(() => {
    if (step) codeInput.current?.focus();
  }, [step]);

  /** One call at a time: taps while one runs are ignored. */
  async function run(kind: 'bind' | 'verify' | 'resend', action: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(kind);
    try {
      await action();
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }

  /** The card is usable: back to /repay with it chosen (or an empty form without an order). */
  const added = (cardId: number, message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['repayment', 'legacy'] });
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    if (orderId) void navigate(`/repay?${orderQuery(orderId, productId, { cardId: String(cardId) })}`, { replace: true });
    else {
      setStep(null);
      setBank('');
      setCardNo('');
      setHolder('');
      setCode('');
    }
  };

  const backToForm = () => {
    setStep(null);
    setCode('');
    setCodeError('');
    countdown.reset();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step) return confirmCode(step);
    if (busyRef.current) return;
    const found = validate();
    setErrors(found);
    const first = (['bank', 'cardNo', 'holder'] as const).find((k) => found[k]);
    if (first) {
      const fields = { bank: bankRef, cardNo: cardNoRef, holder: holderRef };
      fields[first].current?.focus();
      return;
    }
    await run('bind', async () => {
      try {
        const res = await bindCard(
          { bankCode: bank, cardNo: cardDigits(cardNo), holderName: holder.trim() },
          { loadingText: t('bind.submitting') },
        );
        // A card bound and verified before: usable as it is, nothing was sent.
        if (!res.needVerify) return added(res.cardId, t('bind.added'));
        setCode('');
        setCodeError('');
        setStep({ cardId: res.cardId, card: res.card });
        countdown.start();
        toast.info(t('codeSent', { ns: 'common' }));
      } catch (err) {
        // The form keeps what was typed: the borrower corrects it and tries again.
        toast.show(cardRepaymentErrorText(err, 'process', t));
      }
    });
  };

  const confirmCode = (s: CodeStep) => {
    const verifyCode = code.trim();
    if (!new RegExp(`^\\d{${CARD_CODE_LENGTH}}$`).test(verifyCode)) {
      setCodeError(t('enterCorrectCode', { ns: 'common' }));
      codeInput.current?.focus();
      return;
    }
    void run('verify', async () => {
      try {
        await verifyCard({ cardId: s.cardId, verifyCode }, { loadingText: t('bind.code.confirming') });
        added(s.cardId, t('bind.added'));
      } catch (err) {
        // Verified already (a second tap, another tab): the card is there.
        if (isApiError(err) && err.code === ERROR_CODE.conflict) return added(s.cardId, t('bind.added'));
        // The card is gone (another session, cleaned up): start again from the form, which kept what was typed.
        if (isApiError(err) && err.code === ERROR_CODE.notFound) {
          toast.show(cardRepaymentErrorText(err, 'process', t));
          return backToForm();
        }
        // Wrong code (with the tries left), expired code, locked after too many: said at the field, code kept.
        const message = isApiError(err) ? err.envelope.message.trim() : '';
        setCodeError(message || cardRepaymentErrorText(err, 'process', t));
        codeInput.current?.focus();
      }
    });
  };

  const resend = (s: CodeStep) => {
    if (countdown.running) {
      toast.show(t('doNotResend', { ns: 'common' }));
      return;
    }
    void run('resend', async () => {
      try {
        await sendCardCode({ cardId: s.cardId }, { loadingText: t('bind.code.sending') });
        setCodeError('');
        countdown.start();
        toast.info(t('codeSent', { ns: 'common' }));
      } catch (err) {
        toast.show(cardRepaymentErrorText(err, 'process', t));
        if (isApiError(err) && err.code === ERROR_CODE.notFound) backToForm();
      }
    });
  };

  return (
    <Page
      title={t('bind.title')}
      className="rl-page"
      footer={
        step ? (
          <Button
            variant="primary"
            block
            onClick={() => confirmCode(step)}
            loading={busy === 'verify'}
            disabled={busy !== null && busy !== 'verify'}
          >
            {t('bind.code.confirm')}
          </Button>
        ) : (
          <Button variant="primary" block type="submit" form={formId} loading={busy === 'bind'}>
            {t('bind.submit')}
          </Button>
        )
      }
    >
      {step ? (
        <div className="rl-stack">
          <Card className="rl-card rl-code">
            <h2 className="rl-card__heading">{t('bind.code.heading')}</h2>
            <p className="rl-muted">
              {t('bind.code.sentTo', {
                bank: step.card.bankName,
                last4: step.card.cardNo.replace(/\D/g, '').slice(-4),
                minutes: CARD_CODE_TTL_MINUTES,
              })}
            </p>
            <div className={['lv-field', codeError && 'is-invalid'].filter(Boolean).join(' ')}>
              <label className="lv-field__label" htmlFor={codeId}>
                {t('bind.code.label')}
              </label>
              <div className="rl-code__row">
                <OneTimeCodeInput
                  ref={codeInput}
                  id={codeId}
                  className="lv-input rl-code__input"
                  placeholder={t('bind.code.placeholder')}
                  value={code}
                  length={CARD_CODE_LENGTH}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? `${codeId}-error` : undefined}
                  onCode={(next) => {
                    setCode(next);
                    if (codeError) setCodeError('');
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') confirmCode(step);
                  }}
                />
                {/* The countdown button of spec 4.4 (the shared useCountdown): bind-card already sent the first code. */}
                <button
                  type="button"
                  className={buttonClassName('secondary', {
                    className: `lv-countdown rl-code__resend${countdown.running ? ' is-blocked' : ''}`,
                  })}
                  aria-disabled={countdown.running || busy !== null || undefined}
                  data-testid="card-code-resend"
                  onClick={() => resend(step)}
                >
                  {countdown.running ? (
                    <>
                      <span className="lv-visually-hidden">{t('bind.code.resendIn')} </span>
                      {t('codeCountdown', { ns: 'common', count: countdown.remaining })}
                    </>
                  ) : (
                    t('bind.code.resend')
                  )}
                </button>
              </div>
              <p id={`${codeId}-error`} className="lv-field__error rl-code__error" role="alert">
                {codeError}
              </p>
            </div>
            <button type="button" className="rl-text-button" onClick={backToForm} disabled={busy !== null}>
              {t('bind.code.change')}
            </button>
          </Card>
        </div>
      ) : (
        <form id={formId} className="rl-stack" noValidate onSubmit={(e) => void submit(e)}>
          <p className="rl-intro">
            <LockIcon />
            <span>{t('bind.intro')}</span>
          </p>
          <Card className="rl-card rl-form">
            <Field label={t('bind.bank')} error={errors.bank}>
              <select
                ref={bankRef}
                className="lv-input rl-select"
                name="bankCode"
                value={bank}
                required
                onChange={(e) => {
                  setBank(e.target.value);
                  clearError('bank');
                }}
              >
                <option value="" disabled>
                  {t('bind.chooseBank')}
                </option>
                {BANKS.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('bind.cardNo')} hint={errors.cardNo ? undefined : t('bind.cardNoHint')} error={errors.cardNo}>
              <TextInput
                ref={cardNoRef}
                name="cardNo"
                inputMode="numeric"
                autoComplete="cc-number"
                required
                className="rl-card-no"
                value={cardNo}
                onChange={onCardNo}
              />
            </Field>
            <Field label={t('bind.holder')} hint={errors.holder ? undefined : t('bind.holderHint')} error={errors.holder}>
              <TextInput
                ref={holderRef}
                name="holderName"
                autoComplete="cc-name"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={HOLDER_MAX}
                value={holder}
                onChange={(e) => {
                  setHolder(e.target.value);
                  clearError('holder');
                }}
              />
            </Field>
          </Card>
        </form>
      )}
    </Page>
  );
}
