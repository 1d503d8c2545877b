import { type FormEvent, useState } from 'react';
import { trimBlank } from '@lendview/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMoney } from '@lendview/i18n';
import { Button, DetailRows, EmptyState, Field, Modal, TextInput, toast } from '@lendview/ui';
import { type Fund, type UnmatchedCallback, useFunds, useResolveFund, useResolveUnmatched, useUnmatchedCallbacks } from '../api/console.ts';
import { ConsoleFrame } from '../components/ConsoleFrame.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { Loading } from '../components/Loading.tsx';
import { Pager } from '../components/Pager.tsx';
import { errorText } from '../lib/error-text.ts';
import { jakartaDateTime } from '../lib/jakarta-time.ts';

const STATES = ['open', 'applied', 'refunded', 'all'] as const;
type State = (typeof STATES)[number];
const isState = (v: string | null): v is State => STATES.includes(v as State);

type FundOption = Fund['options'][number];

/** The fund can pay it today: it covers it and it pays nothing ahead of its period (the server checks again). */
const applicable = (o: FundOption) => o.covered && o.payableFrom === null;
const canApply = (f: Fund) => f.options.some(applicable);
const sameOption = (a: FundOption, b: FundOption) => a.repayType === b.repayType && a.periods === b.periods;

/** What an option pays, in words: the loan, instalment(s) n–m, the borrower's extension or cooling-off exit. */
function useOptionText() {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const label = (o: FundOption): string => {
    if (o.repayType === 'installment') {
      const from = o.periodFrom ?? 1;
      const to = from + (o.periods ?? 1) - 1;
      return to === from ? t('funds.options.instalment', { n: from }) : t('funds.options.instalments', { from, to });
    }
    return t(`funds.options.${o.repayType}`);
  };
  const state = (o: FundOption, fund: Fund): string =>
    !o.covered
      ? t('funds.options.short', { amount: money(o.amount - fund.amount) })
      : o.payableFrom
        ? t('funds.options.ahead', { date: o.payableFrom })
        : t('funds.options.covered');
  const status = (code: number) => t(`funds.orderStatuses.${code}`, { defaultValue: String(code) });
  const effect = (o: FundOption): string =>
    [
      t('funds.effect.status', { status: status(o.newStatus) }),
      o.newDueDate ? t('funds.effect.due', { date: o.newDueDate }) : '',
      o.keepsHeld > 0 ? t('funds.effect.held', { amount: money(o.keepsHeld) }) : t('funds.effect.nothingHeld'),
    ]
      .filter(Boolean)
      .join(' ');
  return { label, state, effect };
}

function FundCard({ fund, onResolve }: { fund: Fund; onResolve: (action: 'apply' | 'refund') => void }) {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const text = useOptionText();
  return (
    <li className="lv-card oc-card oc-fund">
      <div className="oc-fund__head">
        <h2 className="oc-fund__amount">{money(fund.amount)}</h2>
        <span className={`oc-badge oc-badge--${fund.state === 'open' ? 'processing' : 'processed'}`}>
          {t(`funds.states.${fund.state}`)}
        </span>
        <span className="oc-muted">{t('funds.fund', { id: fund.id })}</span>
      </div>
      <DetailRows
        rows={[
          { text: t('funds.reason'), value: t(`funds.reasons.${fund.reason}`) },
          { text: t('funds.order'), value: fund.orderNo },
          { text: t('funds.borrower'), value: fund.borrower },
          { text: t('funds.payment'), value: money(fund.paymentAmount) },
          { text: t('funds.owes'), value: money(fund.orderOwes) },
          { text: t('funds.reference'), value: [fund.reference, fund.vcode].filter(Boolean).join(' · ') },
          { text: t('funds.channel'), value: fund.channel },
          { text: t('funds.receivedAt'), value: jakartaDateTime(fund.receivedAt) },
        ]}
      />
      {fund.state === 'open' ? (
        <>
          {fund.options.length > 0 && (
            <>
              <h3 className="oc-fund__options-title">{t('funds.options.title')}</h3>
              <ul className="oc-fund__options">
                {fund.options.map((o) => (
                  <li key={`${o.repayType}-${o.periods ?? 0}`} className={applicable(o) ? '' : 'oc-muted'}>
                    {text.label(o)}: {money(o.amount)} · {text.state(o, fund)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {!canApply(fund) && <p className="oc-muted">{t('funds.cannotApply')}</p>}
          <div className="oc-actions">
            <Button disabled={!canApply(fund)} onClick={() => onResolve('apply')}>
              {t('funds.apply')}
            </Button>
            <Button variant="secondary" onClick={() => onResolve('refund')}>
              {t('funds.refund')}
            </Button>
          </div>
        </>
      ) : (
        <p className="oc-muted">
          {t('funds.resolvedBy', { name: fund.resolvedBy, time: jakartaDateTime(fund.resolvedAt) })}
          {fund.refundId && ` · ${t('funds.refundId', { id: fund.refundId })}`}
          {fund.note && ` · ${t('funds.note', { note: fund.note })}`}
        </p>
      )}
    </li>
  );
}

/** The apply dialog's choice: every option of the fund, only the applicable ones selectable, with its effect. */
function ApplyChoice({ fund, chosen, onChoose }: { fund: Fund; chosen: FundOption | null; onChoose: (o: FundOption) => void }) {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const text = useOptionText();
  return (
    <fieldset className="oc-choice">
      <legend>{t('funds.options.choose')}</legend>
      {fund.options.map((o) => (
        <label key={`${o.repayType}-${o.periods ?? 0}`} className="oc-choice__option">
          <input
            type="radio"
            name={`fund-${fund.id}-option`}
            disabled={!applicable(o)}
            checked={chosen !== null && sameOption(chosen, o)}
            onChange={() => onChoose(o)}
          />
          <span>
            <strong>
              {text.label(o)}: {money(o.amount)}
            </strong>
            <span className="oc-muted"> · {text.state(o, fund)}</span>
          </span>
        </label>
      ))}
      {chosen && (
        <p className="oc-choice__effect" data-testid="fund-effect">
          {text.effect(chosen)}
        </p>
      )}
    </fieldset>
  );
}

/** A signed provider callback we could not match: what it says, the body as sent, and resolving it with a note. */
function UnmatchedCard({ item }: { item: UnmatchedCallback }) {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const resolve = useResolveUnmatched();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = trimBlank(note);
    if (!text) {
      setError(t('unmatched.noteEmpty'));
      return;
    }
    setError(null);
    resolve.mutate(
      { id: item.id, note: text },
      { onSuccess: () => toast.show(t('unmatched.resolved')), onError: (err) => setError(errorText(err, t)) },
    );
  };
  return (
    <li className="lv-card oc-card oc-fund">
      <div className="oc-fund__head">
        <h3 className="oc-fund__amount">{item.amount === null ? t('unmatched.unknownAmount') : money(item.amount)}</h3>
        <span className="oc-muted">{t('unmatched.item', { id: item.id })}</span>
      </div>
      <DetailRows
        rows={[
          { text: t('unmatched.reason'), value: t(`unmatched.reasons.${item.reason}`) },
          { text: t('unmatched.reference'), value: item.reference ?? '—' },
          { text: t('unmatched.eventId'), value: item.eventId ?? '—' },
          { text: t('unmatched.deliveries'), value: String(item.deliveries) },
          { text: t('unmatched.lastReceivedAt'), value: jakartaDateTime(item.lastReceivedAt) },
          { text: t('unmatched.firstReceivedAt'), value: jakartaDateTime(item.firstReceivedAt) },
        ]}
      />
      <details className="oc-raw">
        <summary>{t('unmatched.rawBody')}</summary>
        <pre className="oc-raw__body">{item.rawBody}</pre>
      </details>
      <form onSubmit={submit} noValidate>
        <Field label={t('unmatched.noteLabel')} error={error ?? undefined}>
          <TextInput value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div className="oc-actions">
          <Button type="submit" loading={resolve.isPending}>
            {t('unmatched.resolve')}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The open callbacks we could not match (the support role looks into them with the provider). */
function UnmatchedSection() {
  const { t } = useTranslation('ops_console');
  const [page, setPage] = useState(1);
  const list = useUnmatchedCallbacks(page);
  return (
    <section className="oc-section" aria-labelledby="oc-unmatched-title">
      <h2 id="oc-unmatched-title">{t('unmatched.title')}</h2>
      <p className="oc-intro">{t('unmatched.intro')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('unmatched.empty')} />
      ) : (
        <>
          <ul className="oc-funds">
            {list.data.items.map((item) => (
              <UnmatchedCard key={item.id} item={item} />
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** Unapplied funds (/ops/funds): money held off an order, newest first; apply it to its order or refund it. */
export default function FundsPage() {
  const { t } = useTranslation('ops_console');
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: State = isState(stateParam) ? stateParam : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const funds = useFunds(state, page);
  const resolve = useResolveFund();
  const [pending, setPending] = useState<{ fund: Fund; action: 'apply' | 'refund' } | null>(null);
  const [chosen, setChosen] = useState<FundOption | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const go = (s: State, p = 1) => {
    const next = new URLSearchParams();
    if (s !== 'open') next.set('state', s);
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  const confirm = () => {
    if (!pending) return;
    if (pending.action === 'apply' && !chosen) {
      setError(t('funds.options.chooseFirst'));
      return;
    }
    const choice =
      pending.action === 'apply' && chosen ? { repayType: chosen.repayType, ...(chosen.periods ? { periods: chosen.periods } : {}) } : {};
    resolve.mutate(
      { id: pending.fund.id, action: pending.action, ...choice, note: trimBlank(note) },
      {
        onSuccess: () => {
          toast.show(pending.action === 'apply' ? t('funds.applied') : t('funds.refunded'));
          setPending(null);
        },
        onError: (e) => setError(errorText(e, t)),
      },
    );
  };

  return (
    <ConsoleFrame title={t('funds.title')}>
      <p className="oc-intro">{t('funds.intro')}</p>
      <div className="oc-segments" role="group" aria-label={t('funds.stateLabel')}>
        {STATES.map((s) => (
          <button key={s} type="button" className="oc-segments__button" aria-pressed={s === state} onClick={() => go(s)}>
            {t(`funds.states.${s}`)}
          </button>
        ))}
      </div>
      {funds.isPending ? (
        <Loading />
      ) : funds.isError ? (
        <LoadFailed error={funds.error} onRetry={() => void funds.refetch()} />
      ) : funds.data.items.length === 0 ? (
        <EmptyState title={t('funds.empty')} />
      ) : (
        <>
          <ul className="oc-funds">
            {funds.data.items.map((f) => (
              <FundCard
                key={f.id}
                fund={f}
                onResolve={(action) => {
                  setNote('');
                  setError(null);
                  // Never chosen for the operator, even when there is one choice: what money becomes is a decision.
                  setChosen(null);
                  setPending({ fund: f, action });
                }}
              />
            ))}
          </ul>
          <Pager page={funds.data.page} pageSize={funds.data.pageSize} total={funds.data.total} onPage={(p) => go(state, p)} />
        </>
      )}
      <Modal
        open={pending !== null}
        title={
          pending
            ? pending.action === 'apply'
              ? t('funds.confirmApply', { amount: money(pending.fund.amount), orderNo: pending.fund.orderNo })
              : t('funds.confirmRefund', { amount: money(pending.fund.amount) })
            : ''
        }
        onClose={resolve.isPending ? undefined : () => setPending(null)}
        footer={
          <div className="oc-actions">
            <Button variant="secondary" disabled={resolve.isPending} onClick={() => setPending(null)}>
              {t('cancel')}
            </Button>
            <Button loading={resolve.isPending} onClick={confirm}>
              {pending?.action === 'refund' ? t('funds.refund') : t('funds.apply')}
            </Button>
          </div>
        }
      >
        {pending?.action === 'apply' && <ApplyChoice fund={pending.fund} chosen={chosen} onChoose={setChosen} />}
        <Field label={t('funds.noteLabel')} error={error ?? undefined}>
          <TextInput value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
      </Modal>
      <UnmatchedSection />
    </ConsoleFrame>
  );
}
