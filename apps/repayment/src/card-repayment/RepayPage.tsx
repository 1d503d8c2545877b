import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, legacyT, useLang } from '@lendview/i18n';
import {
  Button,
  Card,
  ErrorPanel,
  Page,
  buttonClassName,
  toast,
  useCountdown,
  Skeleton,
  ChevronRightIcon,
  useQueryParam,
} from '@lendview/ui';
import { confirmRepayment } from './api/repayment-confirm.ts';
import { commitRepayment } from './api/repayment-commit.ts';
import { startHostedRepayment } from './api/repayment-huichao.ts';
import { type RepaymentWay, useRepaymentWay } from './api/repayment-way.ts';
import { CardOptions } from './components/CardOptions.tsx';
import { LockIcon, PlusIcon } from './components/icons.tsx';
import { NS } from './i18n/index.ts';
import { CODE_COUNTDOWN_SECONDS, CODE_MAX_LENGTH, CODE_MIN_LENGTH } from './lib/constants.ts';
import { OneTimeCodeInput } from '@lendview/kit';
import { isWrongCode, cardRepaymentErrorText, recordGone } from './lib/messages.ts';
import { type CodeStep, loadCodeStep, saveCodeStep } from './lib/pending.ts';
import { externalNav, loanDetailsPath, orderQuery, paymentTarget } from './lib/navigation.ts';
import './styles/card-repayment.css';

type Busy = 'commit' | 'confirm' | 'resend' | 'hosted' | null;

/**
 * `/repay?orderId[&productId][&cardId]`: the legacy bank-card repayment (spec 4.3, 5, 7.3, 8, 9).
 * Choose a card → commit (sendMsg 0). needValid 1 → a code was sent: 60 s countdown, code of 6+ characters,
 * confirm. needValid 0 → the borrow detail. A non-empty url → that page. "Pay via hosted page" → huichao url.
 */
export default function RepayPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = useQueryParam('orderId');
  const productId = useQueryParam('productId');
  const preselect = Number(useQueryParam('cardId')) || null;
  const way = useRepaymentWay(orderId);
  const data = way.data;

  const [chosen, setChosen] = useState<number | null>(null);
  // A code step survives a reload of this tab (the server keeps one record per order and refuses a second commit).
  const [step, setStepState] = useState<CodeStep | null>(() => loadCodeStep(orderId));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);
  const countdown = useCountdown(CODE_COUNTDOWN_SECONDS);
  const codeInput = useRef<HTMLInputElement>(null);
  const codeId = useId();

  // The card of the code step; else the one tapped; else the card just added on /bindCard (cardId in the query).
  const selected = step?.cardId ?? chosen ?? (preselect && data?.cards.some((c) => c.id === preselect) ? preselect : null);
  const selectedCard = data?.cards.find((c) => c.id === selected);
  const payable = !!data && data.amount > 0;

  const setStep = (next: CodeStep | null) => {
    setStepState(next);
    saveCodeStep(orderId, next);
  };

  useEffect(() => {
    if (step) codeInput.current?.focus();
  }, [step]);

  // A restored code step whose code went out less than 60 s ago counts down again (from 60: the shared countdown
  // has no other start; the server's own 60 s rule stays the judge).
  const { start: startCountdown } = countdown;
  useEffect(() => {
    const saved = loadCodeStep(orderId);
    if (saved && Date.now() - saved.sentAt < CODE_COUNTDOWN_SECONDS * 1000) startCountdown();
  }, [orderId, startCountdown]);

  /** Runs one call at a time: taps while one runs are ignored (a repayment must not be sent twice). */
  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = kind;
    setBusy(kind);
    try {
      await action();
    } finally {
      busyRef.current = null;
      setBusy(null);
    }
  }

  const done = (message: string) => {
    saveCodeStep(orderId, null);
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['repayment', 'legacy'] });
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    void navigate(loanDetailsPath(orderId, productId), { replace: true });
  };

  const commit = (info: RepaymentWay) => {
    if (selected === null) {
      // Spec 5: the legacy message, in Chinese whatever the page language.
      toast.show(legacyT()('selectBankCardFirst'));
      return;
    }
    void run('commit', async () => {
      try {
        const res = await commitRepayment(
          { orderId, cardId: selected, amount: info.amount, sendMsg: 0 },
          { loadingText: t('repay.processing') },
        );
        if (res.url.trim()) {
          externalNav.assign(paymentTarget(res.url));
          return;
        }
        if (res.needValid === 1) {
          setCode('');
          setCodeError('');
          setStep({ recordId: res.repayRecordId, cardId: selected, sentAt: Date.now() });
          countdown.start();
          return;
        }
        done(t('repay.paid'));
      } catch (e) {
        toast.show(cardRepaymentErrorText(e, 'process', t));
      }
    });
  };

  const confirm = (s: CodeStep) => {
    const verifyCode = code.trim();
    if (verifyCode.length < CODE_MIN_LENGTH) {
      setCodeError(t('enterCorrectCode', { ns: 'common' }));
      codeInput.current?.focus();
      return;
    }
    void run('confirm', async () => {
      try {
        const res = await confirmRepayment({ orderId, verifyCode, repaymentRecordId: s.recordId }, { loadingText: t('repay.processing') });
        done(res.state === 'paid' ? t('repay.paid') : t('repay.pending'));
      } catch (e) {
        const text = cardRepaymentErrorText(e, 'process', t);
        if (isWrongCode(e)) {
          // The typed code stays: the borrower corrects it.
          setCodeError(text);
          codeInput.current?.focus();
          return;
        }
        toast.show(text);
        // The record cannot be confirmed any more (expired, replaced): back to the cards for a new commit.
        if (recordGone(e)) resetStep();
      }
    });
  };

  const resend = (s: CodeStep, amount: number) => {
    if (countdown.running) {
      toast.show(t('doNotResend', { ns: 'common' }));
      return;
    }
    void run('resend', async () => {
      try {
        const res = await commitRepayment({ orderId, cardId: s.cardId, amount, sendMsg: 1 }, { loadingText: t('repay.processing') });
        setStep({ recordId: res.repayRecordId, cardId: s.cardId, sentAt: Date.now() });
        setCodeError('');
        countdown.start();
        toast.info(t('codeSent', { ns: 'common' }));
      } catch (e) {
        toast.show(cardRepaymentErrorText(e, 'process', t));
        if (recordGone(e)) resetStep();
      }
    });
  };

  const resetStep = () => {
    setStep(null);
    setChosen(null);
    setCode('');
    setCodeError('');
    countdown.reset();
  };

  const hosted = (info: RepaymentWay) =>
    void run('hosted', async () => {
      try {
        const res = await startHostedRepayment({ userId: '', orderId, amount: info.amount }, { loadingText: t('repay.other.opening') });
        if (res.url.trim()) externalNav.assign(paymentTarget(res.url));
        else toast.show(t('processingFailed', { ns: 'common' }));
      } catch (e) {
        toast.show(cardRepaymentErrorText(e, 'process', t));
      }
    });

  let body;
  if (!orderId) body = <ErrorPanel message={t('repay.missingOrder')} />;
  else if (data) {
    body = (
      <>
        <AmountCard amount={data.amount} orderId={orderId} />
        {!payable && <p className="rl-note">{t('repay.nothingDue')}</p>}
        <Card className="rl-card">
          <fieldset className="rl-fieldset" disabled={!!step}>
            <legend className="rl-legend">{t('repay.cards')}</legend>
            {data.cards.length > 0 ? (
              <CardOptions cards={data.cards} value={selected} onChange={setChosen} />
            ) : (
              <p className="rl-empty">{t('repay.noCards')}</p>
            )}
          </fieldset>
          {!step && (
            <Link className="rl-row-link" to={`/bindCard?${orderQuery(orderId, productId)}`}>
              <PlusIcon />
              <span>{t('repay.bindCard')}</span>
              <ChevronRightIcon width={18} height={18} className="rl-icon" />
            </Link>
          )}
        </Card>
        {step && (
          <Card className="rl-card rl-code">
            <h2 className="rl-card__heading">{t('repay.code.heading')}</h2>
            <p className="rl-muted">
              {t('repay.code.sentTo', {
                bank: selectedCard?.bankName ?? '',
                last4: (selectedCard?.cardNo ?? '').replace(/\D/g, '').slice(-4),
              })}
            </p>
            <div className={['lv-field', codeError && 'is-invalid'].filter(Boolean).join(' ')}>
              <label className="lv-field__label" htmlFor={codeId}>
                {t('repay.code.label')}
              </label>
              <div className="rl-code__row">
                <OneTimeCodeInput
                  ref={codeInput}
                  id={codeId}
                  className="lv-input rl-code__input"
                  placeholder={t('repay.code.placeholder')}
                  value={code}
                  length={CODE_MAX_LENGTH}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? `${codeId}-error` : undefined}
                  onCode={(next) => {
                    setCode(next);
                    if (codeError) setCodeError('');
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') confirm(step);
                  }}
                />
                <button
                  type="button"
                  className={buttonClassName('secondary', {
                    className: `lv-countdown rl-code__resend${countdown.running ? ' is-blocked' : ''}`,
                  })}
                  aria-disabled={countdown.running || busy !== null || undefined}
                  data-testid="code-resend"
                  onClick={() => resend(step, data.amount)}
                >
                  {countdown.running ? (
                    <>
                      <span className="lv-visually-hidden">{t('repay.code.resendIn')} </span>
                      {t('codeCountdown', { ns: 'common', count: countdown.remaining })}
                    </>
                  ) : (
                    t('repay.code.resend')
                  )}
                </button>
              </div>
              <p id={`${codeId}-error`} className="lv-field__error rl-code__error" role="alert">
                {codeError}
              </p>
            </div>
          </Card>
        )}
        {!step && payable && (
          <Card className="rl-card rl-other">
            <h2 className="rl-card__heading">{t('repay.other.heading')}</h2>
            <p className="rl-muted">{t('repay.other.text')}</p>
            <Button
              variant="secondary"
              block
              onClick={() => hosted(data)}
              loading={busy === 'hosted'}
              disabled={busy !== null && busy !== 'hosted'}
            >
              {t('repay.other.hosted')}
            </Button>
          </Card>
        )}
      </>
    );
  } else if (way.isError) {
    body = <ErrorPanel message={cardRepaymentErrorText(way.error, 'cards', t)} onRetry={() => void way.refetch()} />;
  } else body = <RepayPlaceholder />;

  const footer =
    data && orderId ? (
      step ? (
        <Button
          variant="primary"
          block
          onClick={() => confirm(step)}
          loading={busy === 'confirm'}
          disabled={busy !== null && busy !== 'confirm'}
        >
          {t('repay.code.confirm')}
        </Button>
      ) : (
        <Button
          variant="primary"
          block
          onClick={() => commit(data)}
          loading={busy === 'commit'}
          disabled={!payable || (busy !== null && busy !== 'commit')}
        >
          <LockIcon />
          {t('repay.repayNow', { amount: formatMoney(data.amount, lang) })}
        </Button>
      )
    ) : undefined;

  return (
    <Page title={t('repay.title')} className="rl-page" footer={footer}>
      <div className="rl-stack" aria-busy={way.isPending && orderId !== '' ? true : undefined}>
        {body}
      </div>
    </Page>
  );
}

function AmountCard({ amount, orderId }: { amount: number; orderId: string }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  return (
    <Card className="rl-amount">
      <p className="rl-amount__label">{t('repay.amountDue')}</p>
      <p className="rl-amount__value" data-testid="amount-due">
        {formatMoney(amount, lang)}
      </p>
      <p className="rl-amount__order">{t('repay.order', { orderId })}</p>
    </Card>
  );
}

/** The size of what arrives: the amount card and two card rows. */
function RepayPlaceholder() {
  const { t } = useTranslation(NS);
  return (
    <>
      <Card className="rl-amount">
        <span className="lv-visually-hidden" role="status">
          {t('repay.loading')}
        </span>
        <Skeleton width="35%" height={18} align="center" />
        <Skeleton width="60%" height={40} align="center" className="rl-skel--gap" />
        <Skeleton width="40%" height={18} align="center" />
      </Card>
      <Card className="rl-card">
        <Skeleton width="45%" height={24} />
        <div className="rl-cards rl-cards--skel">
          {[0, 1].map((i) => (
            <div key={i} className="rl-card-option rl-card-option--skel">
              <Skeleton width={22} height={22} radius="50%" />
              <Skeleton width={44} height={44} radius={12} />
              <span className="rl-card-option__text">
                <Skeleton width="60%" height={18} />
                <Skeleton width="45%" height={16} />
              </span>
            </div>
          ))}
        </div>
        <Skeleton width="55%" height={20} className="rl-skel--link" />
      </Card>
    </>
  );
}
