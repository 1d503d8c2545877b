import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';
import { useLang, useMoney } from '@lendview/i18n';
import { Button, Card, Page, buttonClassName, Skeleton, CheckCircleIcon, ChevronRightIcon } from '@lendview/ui';
import { type VaDetail, isEarlyRefusal, useGenerateVcode } from '../api/generate-vcode.ts';
import { usePaymentState } from '../api/payment-state.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { HavePaidDialog } from '../components/HavePaidDialog.tsx';
import { LoadFailure } from '../components/LoadFailure.tsx';
import { PaidPanel } from '../components/PaidPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { StepGroups, StepList } from '../components/StepGroups.tsx';
import { ClockIcon, HeadsetIcon, PhoneIcon, ReceiptIcon } from '../components/icons.tsx';
import { parseAmountParam } from '../lib/amount.ts';
import { groupDigits } from '../lib/clipboard.ts';
import { showDateTime } from '../lib/dates.ts';
import { type PaymentContext, complaintUrl, loanDetailsUrl, methodUrl, paymentContext } from '../lib/links.ts';
import { PAY_TYPE, loadPayChoice } from '../lib/pay-choice.ts';
import { latestReceipt, newReceipt, receiptIds } from '../lib/payment-watch.ts';
import { useHydrating } from '@lendview/kit';
import { vcodeRequest } from '../lib/vcode-request.ts';
import bankImage from '../assets/bank.svg';
import marketImage from '../assets/market.svg';
import '../styles/common.css';
import '../styles/va.css';

/**
 * `/that?productId&orderId&amount&display[&repayType&periods]`: the virtual account (or mini-market payment
 * code) to repay with (spec 2.5, 4.6). Asks generate-vcode with the method saved for this order by /individual
 * (is_default 0), or with is_default 1 when there is none.
 *
 * Issue 11: the page first asks payment-state. A settled order shows "paid" and its receipt instead of asking
 * for a code (which the server would refuse: nothing to repay). While the code is pending the page polls
 * payment-state (every 2.5 s, while visible) and turns "paid" by itself when a payment arrives that was not
 * there when the page opened, with its receipt.
 */
export default function VirtualAccountPage() {
  const { t } = useTranslation('repayment');
  const lang = useLang();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ctx = paymentContext(params);
  const amount = parseAmountParam(ctx.amount);
  // Read again on every visit (location.key): /individual may have saved a new choice meanwhile. Kept in state
  // and read again during render when the visit changes, so that it is read once per visit, not per render.
  const visit = `${ctx.orderId}\n${location.key}`;
  const [saved, setSaved] = useState(() => ({ visit, choice: loadPayChoice(ctx.orderId) }));
  let choice = saved.choice;
  if (saved.visit !== visit) {
    choice = loadPayChoice(ctx.orderId);
    setSaved({ visit, choice });
  }
  // The server has no saved choice: it asks the page's code for is_default 1 (the borrower's last method; issue 33: it
  // issues it on a first visit). The hydration render asks the same, so it draws the server's markup; the saved
  // choice applies in the render after.
  const hydrating = useHydrating();
  if (hydrating) choice = null;
  // A new object on every render is fine: the query key is compared by value.
  const input = vcodeRequest(ctx, amount, choice);

  // The receipts the order had when the page opened: a receipt not among them is this visit's payment. Both
  // are set once, during render (React renders again at once), and read by the next render.
  const [baseline, setBaseline] = useState<ReadonlySet<string> | null>(null);
  const [codeShown, setCodeShown] = useState(false);
  const stateQuery = usePaymentState(ctx.productId, ctx.orderId, lang, {
    enabled: input !== null,
    poll: (s) => codeShown && s !== undefined && !s.settled && newReceipt(baseline, s) === null,
  });
  const state = stateQuery.data;
  if (state && baseline === null) setBaseline(receiptIds(state));
  // A failing payment-state (older server, network) must not stop the payment: the code is asked anyway.
  const checked = stateQuery.isSuccess || stateQuery.isError;
  const settledOnOpen = baseline !== null && stateQuery.isSuccess && state?.settled === true && !codeShown;

  const query = useGenerateVcode(input, lang, checked && !settledOnOpen);
  // Spec 9's refusal of an early full repayment is the query's answer (so a server-rendered page comes with it).
  const answer = query.data;
  const early = isEarlyRefusal(answer) ? answer : null;
  const data = isEarlyRefusal(answer) ? undefined : answer;
  if (data && !codeShown) setCodeShown(true);
  const [tips, setTips] = useState(false);

  // A refusal may mean the order was settled meanwhile (another tab, a card): look again.
  const refetchState = stateQuery.refetch;
  useEffect(() => {
    if (query.isError) void refetchState();
  }, [query.isError, refetchState]);

  const arrived = newReceipt(baseline, state);
  const paid = arrived !== null || state?.settled === true;
  const loanUrl = loanDetailsUrl(ctx.productId, ctx.orderId);

  let body;
  if (!input)
    body = (
      <LoadFailure
        error={new Error(t('common.invalidLink'))}
        title={t('va.failed')}
        onRetry={() => {}}
        productId={ctx.productId}
        orderId={ctx.orderId}
      />
    );
  else if (paid) body = <PaidPanel receipt={arrived ?? latestReceipt(state)} settled={state?.settled === true} />;
  else if (data) body = <VaBody data={data} ctx={ctx} onNewCode={() => void query.refetch()} refreshing={query.isFetching} />;
  else if (early)
    body = (
      <LoadFailure
        error={new Error(early.message)}
        title={t('va.earlyTitle')}
        onRetry={() => {}}
        productId={ctx.productId}
        orderId={ctx.orderId}
      />
    );
  else if (query.isError)
    body = (
      <>
        <LoadFailure
          error={query.error}
          title={t('va.failed')}
          onRetry={() => void query.refetch()}
          productId={ctx.productId}
          orderId={ctx.orderId}
        />
        {isApiError(query.error) && (
          <Link className="rp-link rp-link--center" to={methodUrl(ctx)}>
            {t('va.changeMethod')}
            <ChevronRightIcon />
          </Link>
        )}
      </>
    );
  else body = <VaPlaceholder />;

  let footer;
  if (input && paid)
    footer = (
      <div className="rp-footer-stack">
        {ctx.repayType === 'installment' && state?.settled !== true && (
          <Link
            className={buttonClassName('secondary', { block: true })}
            to={`/installment?${new URLSearchParams({ productId: ctx.productId, orderId: ctx.orderId })}`}
          >
            {t('paid.instalments')}
          </Link>
        )}
        <Link className={buttonClassName('primary', { block: true })} to={loanUrl}>
          {t('common.backToLoan')}
        </Link>
      </div>
    );
  else if (data)
    footer = (
      <Button variant="primary" block onClick={() => setTips(true)}>
        {t('va.havePaid')}
      </Button>
    );

  // Issue 18 item 2: leaving the loan in its cooling-off period has its own title.
  const title = ctx.repayType === 'cooling_off' ? t('va.coolingOffTitle') : t('va.title');
  return (
    <Page title={title} header={<PageHeader title={title} />} className="rp-page" footer={footer}>
      <div className="rp-stack" aria-busy={(input !== null && !paid && (query.isPending || !checked)) || undefined}>
        {body}
      </div>
      <HavePaidDialog
        open={tips && !paid}
        onCancel={() => setTips(false)}
        onYes={() => {
          setTips(false);
          // navigate returns a promise only under a data router (this app has none): nothing to wait for.
          void navigate(loanUrl);
        }}
      />
    </Page>
  );
}

function isGrouped(steps: VaDetail['payStep']): steps is { name: string; steps: string[] }[] {
  return steps.length > 0 && typeof steps[0] === 'object';
}

function VaBody({ data, ctx, onNewCode, refreshing }: { data: VaDetail; ctx: PaymentContext; onNewCode: () => void; refreshing: boolean }) {
  const { t } = useTranslation('repayment');
  const money = useMoney();
  const isBank = data.payType === PAY_TYPE.bank;
  const codeLabelId = useId();
  const purpose =
    data.repayType === 'installment'
      ? t('va.repayType.installment', { count: Number(ctx.periods) || 1 })
      : t(`va.repayType.${data.repayType}`);
  const steps = data.payStep;

  return (
    <>
      {data.state === 'paid' && (
        <p className="rp-banner rp-banner--success" role="status">
          <CheckCircleIcon />
          <span>{t('va.paid')}</span>
        </p>
      )}
      {data.state === 'expired' && (
        <div className="rp-banner rp-banner--warning" role="status">
          <ClockIcon />
          <span>{t('va.expired')}</span>
          <Button variant="secondary" onClick={onNewCode} loading={refreshing} className="rp-banner__action">
            {t('va.newCode')}
          </Button>
        </div>
      )}

      <Card className="rp-va">
        <div className="rp-va__method">
          <img className="rp-va__method-icon" src={isBank ? bankImage : marketImage} alt="" width={40} height={40} />
          <p className="rp-va__method-text">
            <span className="rp-va__method-label">{t('va.method')}</span>
            <span className="rp-va__method-name" data-testid="pay-code">
              {isBank ? t('va.bankMethod', { name: data.payCode }) : t('va.marketMethod', { name: data.payCode })}
            </span>
          </p>
          <Link className="rp-link rp-va__change" to={methodUrl(ctx)}>
            <span aria-hidden="true">{t('va.change')}</span>
            <span className="lv-visually-hidden">{t('va.changeMethod')}</span>
            <ChevronRightIcon />
          </Link>
        </div>

        <div className="rp-va__code">
          <div className="rp-va__code-head">
            <p className="rp-va__code-label" id={codeLabelId}>
              {isBank ? t('va.bankLabel') : t('va.marketLabel')}
            </p>
            <CopyButton value={data.vcode} label={isBank ? t('va.copyBank') : t('va.copyMarket')} />
          </div>
          <p className="rp-va__code-value" aria-labelledby={codeLabelId} data-testid="vcode" data-vcode={data.vcode}>
            {groupDigits(data.vcode)}
          </p>
        </div>

        <dl className="rp-facts">
          <div className="rp-facts__row rp-facts__row--total">
            <dt>{t('va.total')}</dt>
            <dd data-testid="va-total">{money(data.amount)}</dd>
          </div>
          {data.coolingOff && (
            // The exit's figures, frozen with the code: principal + interest for the days used − already repaid.
            <>
              <div className="rp-facts__row rp-facts__row--part">
                <dt>{t('va.coolingOffPrincipal')}</dt>
                <dd>{money(data.coolingOff.principal)}</dd>
              </div>
              <div className="rp-facts__row rp-facts__row--part">
                <dt>{t('va.coolingOffInterest', { count: data.coolingOff.daysUsed })}</dt>
                <dd>{money(data.coolingOff.interest)}</dd>
              </div>
              {data.coolingOff.paid > 0 && (
                <div className="rp-facts__row rp-facts__row--part">
                  <dt>{t('va.coolingOffPaid')}</dt>
                  <dd>{`− ${money(data.coolingOff.paid)}`}</dd>
                </div>
              )}
            </>
          )}
          <div className="rp-facts__row">
            <dt>{t('va.purpose')}</dt>
            <dd>{purpose}</dd>
          </div>
          <div className="rp-facts__row rp-va__bill-row">
            <dt>{t('va.billNo')}</dt>
            <dd>{data.cardNo}</dd>
          </div>
          <div className="rp-facts__row">
            <dt>{t('va.expiry')}</dt>
            <dd>{showDateTime(data.expiresAt)}</dd>
          </div>
        </dl>
      </Card>

      {data.repayType === 'cooling_off' && (
        <p className="rp-cool-note" data-testid="cooling-off-note">
          {t('va.coolingOffNote')}
        </p>
      )}

      <Card className="rp-howto" heading={t('va.howToPay')}>
        {isGrouped(steps) ? (
          <StepGroups groups={steps} />
        ) : (
          <>
            <h3 className="rp-howto__sub">{t('va.marketSteps', { name: data.payCode })}</h3>
            <StepList steps={steps} />
          </>
        )}
      </Card>

      <div className="rp-note">
        <ReceiptIcon className="rp-note__icon" />
        <p className="rp-note__text">
          <strong>{t('va.keepSlipTitle')}</strong>
          <span>{t('va.keepSlip')}</span>
        </p>
      </div>

      <Card className="rp-help">
        <div className="rp-help__head">
          <HeadsetIcon className="rp-help__icon" />
          <h2 className="rp-help__title">{t('va.helpTitle')}</h2>
        </div>
        <Link className="rp-help__link" to={complaintUrl(ctx.orderId)}>
          <span>{t('va.complaint')}</span>
          <ChevronRightIcon />
        </Link>
        {data.telephone.trim() !== '' && (
          <a className="rp-help__link" href={telHref(data.telephone)} onClick={onPhoneLinkClick(data.telephone)}>
            <span className="rp-help__call">
              <PhoneIcon />
              {t('va.call', { phone: data.telephone })}
            </span>
            <ChevronRightIcon />
          </a>
        )}
      </Card>
    </>
  );
}

/** Same shapes and sizes as the loaded page, so nothing jumps when the code arrives. */
function VaPlaceholder() {
  return (
    <>
      <Card className="rp-va" data-testid="va-placeholder">
        <div className="rp-va__method">
          <Skeleton width={40} height={40} radius={10} />
          <span className="rp-va__method-text">
            <Skeleton width={90} height={14} />
            <Skeleton width={150} height={20} />
          </span>
        </div>
        <div className="rp-va__code">
          <div className="rp-va__code-head">
            <Skeleton width={150} height={16} />
            <Skeleton width={84} height={44} radius={999} />
          </div>
          <Skeleton width="85%" height={30} />
        </div>
        <div className="rp-facts">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="rp-facts__row">
              <Skeleton width="35%" height={18} />
              <Skeleton width="35%" height={18} />
            </div>
          ))}
        </div>
      </Card>
      <Card className="rp-howto">
        <Skeleton width="40%" height={22} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={48} radius={8} className="rp-skel--gap" />
        ))}
      </Card>
    </>
  );
}
