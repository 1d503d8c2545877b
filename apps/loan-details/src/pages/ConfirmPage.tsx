import { type ReactNode, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buildOutboundUrl, isApiError, isSuccess } from '@lendview/api-client';
import { useLang, useMoney } from '@lendview/i18n';
import { Button, Card, ErrorPanel, Page, toast, Skeleton, DetailRows, CheckMarkIcon, ChevronRightIcon, useQueryParam } from '@lendview/ui';
import { jumpToContract } from '../api/contract-jump.ts';
import { useContracts } from '../api/contract-list.ts';
import { type LoanConfirm, useLoanConfirm } from '../api/loan-detail-confirm.ts';
import { usePushLoan } from '../api/loan-detail-push.ts';
import { type KeyFacts, useOfferKeyFacts } from '../api/key-facts.ts';
import { AgreementPopup } from '../components/AgreementPopup.tsx';
import { KeyFactsSheet } from '../components/KeyFactsSheet.tsx';
import { RepayPlanModal } from '../components/RepayPlanModal.tsx';
import { DocumentIcon } from '../components/icons.tsx';
import { externalNav, resolveTarget } from '../lib/navigation.ts';
import { CONTRACT_SCENE, LOAN_TYPE } from '../lib/scene.ts';
import { isStepUpCode, showsPopup } from '../lib/confirm-rules.ts';
import { saveConfirmProgress, useConfirmProgress } from '../lib/confirm-progress.ts';
import { StepUpCode } from './ConfirmPageStepUp.tsx';
import '../styles/common.css';
import '../styles/confirm.css';

/**
 * `/confirm?productId&orderId&position`: loan confirmation (spec 2.5, 4.8). Confirm needs the key facts statement
 * opened (issue 18) and the agreement checkbox (checked by default), sends loan-detail-push once with the
 * statement's hash, and goes to data.lendDetailsUrl with from=confirm.
 */
export default function ConfirmPage() {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const productId = useQueryParam('productId');
  const orderId = useQueryParam('orderId');
  const navigate = useNavigate();
  const query = useLoanConfirm(productId, lang, t('confirm.loading'));
  const data = query.data;
  const [agreed, setAgreed] = useState(true);
  const push = usePushLoan(t('confirm.submitting'));
  const submitted = useRef(false);
  const hintId = useId();
  const [smsCode, setSmsCode] = useState('');
  const stepUp = data?.sendSms === 1;
  const keyFacts = useOfferKeyFacts(data ? { productId: data.productId, amount: data.amount, periods: data.periods } : undefined, lang);
  // The hash of the statement the borrower opened: Confirm waits for it, and sends it (the consent record keeps it).
  // Back from an agreement page (issue 40): the statement opened before this load counts (its hash is compared).
  const openedFacts = useConfirmProgress(productId).factsOpened;
  const onFactsOpened = (sha256: string) => saveConfirmProgress(productId, { factsOpened: sha256 });
  const kfsHintId = useId();
  const factsOpened = openedFacts !== null && openedFacts === keyFacts.data?.sha256;
  const ready = !!data && agreed && factsOpened && (!stepUp || isStepUpCode(smsCode));

  const confirm = () => {
    if (!data || !ready || submitted.current) return;
    submitted.current = true;
    push.mutate(
      {
        amount: data.amount,
        periods: data.periods,
        termUnit: data.termUnit,
        productId: data.productId,
        loanType: LOAN_TYPE,
        // What this page showed, so the consent record names the exact texts (issue 12 item 4).
        agreements: (data.agreements ?? []).map((a) => `${a.id}:${a.sha256}`).join(',') || undefined,
        smsCode: stepUp ? smsCode : undefined,
        keyFacts: openedFacts ?? undefined,
      },
      {
        onSuccess: ({ lendDetailsUrl }) => {
          const target = resolveTarget(lendDetailsUrl, { from: 'confirm' });
          // navigate returns a promise only under a data router (this app has none): nothing to wait for.
          if ('internal' in target) void navigate(target.internal);
          else externalNav.assign(target.external);
        },
        onError: (e) => {
          submitted.current = false;
          if (!isApiError(e)) toast.show(t('error', { ns: 'common' }));
          // The statement changed meanwhile (409): fetch it again; Confirm waits until the new one is opened.
          else if (e.code === 'CONFLICT') void keyFacts.refetch();
        },
      },
    );
  };

  let body;
  if (data)
    body = (
      <ConfirmBody
        data={data}
        productId={productId}
        orderId={orderId}
        keyFacts={
          <KeyFactsCard
            facts={keyFacts.data}
            failed={keyFacts.isError}
            opened={factsOpened}
            onOpened={onFactsOpened}
            onRetry={() => void keyFacts.refetch()}
          />
        }
      />
    );
  else if (query.isError) body = <ErrorPanel message={t('confirm.loadFailed')} onRetry={() => void query.refetch()} />;
  else body = <ConfirmPlaceholder />;

  return (
    <Page
      title={t('confirm.title')}
      className="ld-page"
      footer={
        <div className="ld-confirm-footer">
          <label className="ld-check">
            <input
              type="checkbox"
              className="ld-check__input"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              aria-describedby={agreed ? undefined : hintId}
            />
            <span className="ld-check__box" aria-hidden="true">
              <CheckMarkIcon />
            </span>
            <span className="ld-check__label">{t('confirm.agree')}</span>
          </label>
          {!agreed && (
            <p id={hintId} className="ld-confirm-footer__hint">
              {t('confirm.mustAgree')}
            </p>
          )}
          {data && !factsOpened && (
            <p id={kfsHintId} className="ld-confirm-footer__hint">
              {t('kfs.mustOpen')}
            </p>
          )}
          <Button
            variant="primary"
            block
            onClick={confirm}
            disabled={!ready}
            loading={push.isPending}
            aria-describedby={data && !factsOpened ? kfsHintId : undefined}
          >
            {t('confirm.confirm')}
          </Button>
        </div>
      }
    >
      <div className="ld-stack" aria-busy={query.isPending || undefined}>
        {body}
        {data && stepUp && (
          <StepUpCode productId={data.productId} seconds={data.smsResendSeconds || 60} code={smsCode} onCode={setSmsCode} />
        )}
      </div>
    </Page>
  );
}

function ConfirmPlaceholder() {
  return (
    <>
      <Card className="ld-offer">
        <div className="ld-product-row ld-product-row--static">
          <Skeleton width={40} height={40} radius={10} />
          <Skeleton width="50%" height={20} />
        </div>
        <Skeleton width="40%" height={18} align="center" />
        <Skeleton width="70%" height={36} align="center" />
        <div className="ld-offer__facts">
          {[0, 1, 2].map((i) => (
            <div key={i} className="ld-offer__fact">
              <Skeleton width="80%" height={16} />
              <Skeleton width="60%" height={20} />
            </div>
          ))}
        </div>
      </Card>
      <Card className="ld-card">
        <Skeleton width="40%" height={22} />
        <div className="lv-rows lv-rows--fixed">
          {[0, 1, 2].map((i) => (
            <div key={i} className="lv-rows__row">
              <Skeleton width="35%" height={18} />
              <Skeleton width="30%" height={18} />
            </div>
          ))}
        </div>
      </Card>
    </>
  );
}

function ConfirmBody({
  data,
  productId,
  orderId,
  keyFacts,
}: {
  data: LoanConfirm;
  productId: string;
  orderId: string;
  keyFacts: ReactNode;
}) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const [planOpen, setPlanOpen] = useState(false);
  // Shown on load (spec 4.8) until the borrower agrees; a refetch does not bring it back.
  // Kept for the tab: coming back from an agreement page does not bring it back (issue 40).
  const agreedToPopup = useConfirmProgress(productId).popupAgreed;
  const popupOpen = showsPopup(data) && !agreedToPopup;

  const firstPlan = data.repay_plans[0];
  const repaymentDate = data.firstPayTime || firstPlan?.pay_time || '';
  // sp_rate is the bare daily rate ('0.05%'); pRateDsc the sentence ('Daily interest rate 0.05%').
  const rate = data.sp_rate || data.pRateDsc;
  const moreRows = [...data.details, ...data.detail1, ...data.detail2];

  return (
    <>
      <Card className="ld-offer">
        <div className="ld-product-row ld-product-row--static">
          <img className="ld-product-row__logo" src={data.productLogo} alt="" width={40} height={40} decoding="async" />
          <span className="ld-product-row__name">{data.productName}</span>
        </div>
        <p className="ld-offer__label">{t('confirm.amount')}</p>
        <p className="ld-offer__amount" data-testid="confirm-amount">
          {money(data.amount)}
        </p>
        <dl className="ld-offer__facts">
          <div className="ld-offer__fact">
            <dt>{t('confirm.term')}</dt>
            <dd>{t('confirm.days', { count: data.periods })}</dd>
          </div>
          <div className="ld-offer__fact">
            <dt>{t('confirm.rate')}</dt>
            <dd>{rate || t('common.unavailable')}</dd>
          </div>
          <div className="ld-offer__fact">
            <dt>{t('confirm.repaymentDate')}</dt>
            <dd>{repaymentDate || t('common.unavailable')}</dd>
          </div>
        </dl>
      </Card>

      {moreRows.length > 0 && (
        <Card className="ld-card" heading={t('confirm.moreDetails')}>
          <DetailRows rows={data.details} columns="fixed" />
          <DetailRows rows={data.detail1} columns="fixed" className="ld-rows--group" />
          <DetailRows rows={data.detail2} columns="fixed" className="ld-rows--group" />
        </Card>
      )}

      {data.repay_plans.length > 0 && (
        <Card className="ld-card" heading={t('confirm.repaymentPlan')}>
          <ul className="ld-plan-summary">
            {data.repay_plans.slice(0, 3).map((plan, i) => (
              <li key={`${i}-${plan.pay_time}`} className="ld-plan-summary__row">
                <span className="ld-plan-summary__when">
                  <span className="ld-plan-summary__title">{plan.title}</span>
                  <span className="ld-plan-summary__date">{plan.pay_time}</span>
                </span>
                <span className="ld-plan-summary__amount">{money(plan.amount)}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="ld-link-button" onClick={() => setPlanOpen(true)}>
            {t('confirm.planButton')}
            <ChevronRightIcon />
          </button>
        </Card>
      )}

      {keyFacts}

      {data.note && <p className="ld-note">{data.note}</p>}

      <Contracts productId={productId} orderId={orderId} />

      <RepayPlanModal
        open={planOpen}
        plans={data.repay_plans}
        summary={[data.pRateDsc, t('confirm.days', { count: data.periods })].filter(Boolean).join(' · ')}
        onClose={() => setPlanOpen(false)}
      />
      <AgreementPopup
        open={popupOpen}
        title={data.popTitle}
        content={data.popContent}
        url={buildOutboundUrl(data.popAgreementUrl)}
        onAgree={() => saveConfirmProgress(productId, { popupAgreed: true })}
      />
    </>
  );
}

/**
 * The key facts statement's card (issue 18): the APR and the total to repay, and the button that opens the whole
 * statement. Opening it tells the page which statement was read (its hash); Confirm waits for that.
 */
function KeyFactsCard({
  facts,
  failed,
  opened,
  onOpened,
  onRetry,
}: {
  facts: KeyFacts | undefined;
  failed: boolean;
  opened: boolean;
  onOpened: (sha256: string) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('loanDetails');
  const money = useMoney();
  const [open, setOpen] = useState(false);
  if (!facts) {
    if (failed) return <ErrorPanel message={t('kfs.loadFailed')} onRetry={onRetry} />;
    return (
      <Card className="ld-card" heading={t('kfs.title')} aria-busy>
        <Skeleton width="100%" height={56} />
        <Skeleton width="60%" height={44} />
      </Card>
    );
  }
  return (
    <Card className="ld-card ld-kfs-card" heading={facts.title} data-testid="kfs-card">
      <dl className="ld-kfs-card__figures">
        <div>
          <dt>{t('kfs.apr')}</dt>
          <dd>{facts.apr}</dd>
        </div>
        <div>
          <dt>{t('kfs.total')}</dt>
          <dd>{money(facts.totalRepayable)}</dd>
        </div>
      </dl>
      <Button
        variant={opened ? 'secondary' : 'primary'}
        block
        onClick={() => {
          setOpen(true);
          onOpened(facts.sha256);
        }}
      >
        {t('kfs.open')}
      </Button>
      {opened && (
        <p className="ld-kfs-card__read">
          <CheckMarkIcon />
          {t('kfs.opened')}
        </p>
      )}
      <KeyFactsSheet open={open} facts={facts} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** Agreement links (spec 7.6): each opens through contract-jump (position = its index) in the web view. */
function Contracts({ productId, orderId }: { productId: string; orderId: string }) {
  const { t } = useTranslation('loanDetails');
  const lang = useLang();
  const contracts = useContracts(productId, lang);
  const opening = useRef(false);

  const open = async (position: number) => {
    if (opening.current) return;
    opening.current = true;
    try {
      const env = await jumpToContract(
        { productId, scene: CONTRACT_SCENE, position, orderId, loanType: LOAN_TYPE },
        { loadingText: t('common.opening') },
      );
      // The agreement page authenticates like every call: the session rides along in the shared params.
      // back=confirm: the agreement page links back here (a web view has no back button of its own).
      if (isSuccess(env) && env.data?.contract_url) externalNav.assign(buildOutboundUrl(withBackToConfirm(env.data.contract_url)));
    } catch {
      toast.show(t('error', { ns: 'common' }));
    } finally {
      opening.current = false;
    }
  };

  const list = contracts.data ?? [];
  if (!contracts.isPending && list.length === 0) return null;
  return (
    <Card className="ld-card" heading={t('confirm.agreements')} aria-busy={contracts.isPending || undefined}>
      {contracts.isPending ? (
        <div className="ld-contracts">
          <Skeleton width="70%" height={20} />
          <Skeleton width="55%" height={20} />
        </div>
      ) : (
        <ul className="ld-contracts">
          {list.map((c, i) => (
            <li key={c.id}>
              <button type="button" className="ld-contract" onClick={() => void open(i)}>
                <DocumentIcon className="ld-contract__icon" />
                <span>{c.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The agreement page's URL with back=confirm (contractViewQuery), whatever query it already has. */
function withBackToConfirm(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}back=confirm`;
}
