import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang, useMoney } from '@lendview/i18n';
import { Button, Card, Page, toast, Skeleton } from '@lendview/ui';
import { type BankOption, usePayTypeOptions } from '../api/init-pay-type.ts';
import { LoadFailure } from '../components/LoadFailure.tsx';
import { OptionGroup } from '../components/OptionGroup.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { parseAmountParam } from '../lib/amount.ts';
import { paymentContext, vaUrl } from '../lib/links.ts';
import { effectiveMarket } from '../lib/market-choice.ts';
import { PAY_TYPE, type PayType, loadPayChoice, savePayChoice } from '../lib/pay-choice.ts';
import { useHydrating } from '@lendview/kit';
import bankImage from '../assets/bank.svg';
import marketImage from '../assets/market.svg';
import '../styles/common.css';
import '../styles/method.css';

/**
 * `/individual?productId&orderId&amount&display[&repayType&periods]`: the payment method (spec 2.5, 4.6, 5).
 * Bank or Mini Market; a bank and its channel, or a market (ALFAMART by default). 'I want to pay' needs a bank
 * for Bank and a market for Mini Market ('Silakan lengkapi informasinya'), keeps the choice for this order
 * (default flag 0) and replaces this page with /that.
 *
 * The method saved for this order (lib/pay-choice.ts) is the browser's alone: a server-rendered page is drawn, and
 * hydrated, with the default choice. Right after hydration a page with a saved choice starts again (its key) with it,
 * as a client-rendered page does.
 */
export default function MethodChoicePage() {
  const hydrating = useHydrating();
  const [params] = useSearchParams();
  // Read during the hydration render, but only for the key after it: the markup does not depend on it.
  const [hasSaved] = useState(() => typeof window !== 'undefined' && loadPayChoice(paymentContext(params).orderId) !== null);
  return <MethodChoice key={!hydrating && hasSaved ? 'saved' : 'drawn'} hydrating={hydrating} />;
}

function MethodChoice({ hydrating }: { hydrating: boolean }) {
  const { t } = useTranslation('repayment');
  const lang = useLang();
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ctx = paymentContext(params);
  const amount = parseAmountParam(ctx.amount);
  // Only the initial choice below reads it, so it is read once, on the first render.
  const [saved] = useState(() => (hydrating ? null : loadPayChoice(ctx.orderId)));

  const [payType, setPayType] = useState<PayType>(saved?.payType ?? PAY_TYPE.bank);
  const [bankCode, setBankCode] = useState(saved?.payType === PAY_TYPE.bank ? saved.payCode : '');
  const [channel, setChannel] = useState(saved?.payType === PAY_TYPE.bank ? saved.specificNum : '');
  // null: not touched yet, so the default market shows as chosen.
  const [market, setMarket] = useState<string | null>(saved?.payType === PAY_TYPE.market ? saved.payCode : null);

  const banksQuery = usePayTypeOptions(ctx.productId, ctx.orderId, PAY_TYPE.bank, lang, payType === PAY_TYPE.bank);
  const marketsQuery = usePayTypeOptions(ctx.productId, ctx.orderId, PAY_TYPE.market, lang, payType === PAY_TYPE.market);
  const banks = banksQuery.data?.banks ?? [];
  const markets = marketsQuery.data?.markets ?? [];
  const bank = banks.find((b) => b.bankCode === bankCode);
  const channelValue = bank?.methods.some((m) => m.specificNum === channel) ? channel : '';
  const marketValue = effectiveMarket(market, markets);

  const chooseBank = (code: string) => {
    setBankCode(code);
    // The bank's first channel is pre-selected; the borrower may pick another.
    const next = banks.find((b) => b.bankCode === code);
    setChannel(next?.methods[0]?.specificNum ?? '');
  };

  const submit = () => {
    const payCode = payType === PAY_TYPE.bank ? (bank?.bankCode ?? '') : marketValue;
    if (!payCode) {
      toast.show(t('method.incomplete'));
      return;
    }
    const specificNum = payType === PAY_TYPE.bank ? channelValue : '';
    if (!savePayChoice(ctx.orderId, { payType, payCode, specificNum })) {
      toast.show(t('method.saveFailed'));
      return;
    }
    // navigate returns a promise only under a data router (this app has none): nothing to wait for.
    void navigate(vaUrl(ctx), { replace: true });
  };

  return (
    <Page
      title={t('method.title')}
      header={<PageHeader title={t('method.title')} />}
      className="rp-page"
      footer={
        <Button variant="primary" block onClick={submit}>
          {t('method.submit')}
        </Button>
      }
    >
      <div className="rp-stack">
        {amount !== null && (
          <Card className="rp-amount">
            <p className="rp-amount__label">{ctx.repayType === 'cooling_off' ? t('method.amountCoolingOff') : t('method.amount')}</p>
            <p className="rp-amount__value" data-testid="method-amount">
              {money(amount)}
            </p>
          </Card>
        )}

        <Card className="rp-method">
          <OptionGroup
            legend={t('method.payWith')}
            name="payType"
            variant="segmented"
            value={String(payType)}
            onChange={(v) => setPayType(v === '2' ? PAY_TYPE.market : PAY_TYPE.bank)}
            options={[
              {
                value: '1',
                label: t('method.bank'),
                hint: t('method.bankHint'),
                icon: <img className="rp-option__icon" src={bankImage} alt="" width={40} height={40} />,
              },
              {
                value: '2',
                label: t('method.market'),
                hint: t('method.marketHint'),
                icon: <img className="rp-option__icon" src={marketImage} alt="" width={40} height={40} />,
              },
            ]}
          />
        </Card>

        {payType === PAY_TYPE.bank ? (
          <Card className="rp-method" aria-busy={banksQuery.isPending || undefined}>
            {banksQuery.isError && !banksQuery.data ? (
              <LoadFailure
                error={banksQuery.error}
                title={t('method.chooseBank')}
                onRetry={() => void banksQuery.refetch()}
                productId={ctx.productId}
                orderId={ctx.orderId}
              />
            ) : banksQuery.data ? (
              <BankChoice banks={banks} bankCode={bank?.bankCode ?? ''} channel={channelValue} onBank={chooseBank} onChannel={setChannel} />
            ) : (
              <OptionsPlaceholder legend={t('method.chooseBank')} rows={4} />
            )}
          </Card>
        ) : (
          <Card className="rp-method" aria-busy={marketsQuery.isPending || undefined}>
            {marketsQuery.isError && !marketsQuery.data ? (
              <LoadFailure
                error={marketsQuery.error}
                title={t('method.chooseMarket')}
                onRetry={() => void marketsQuery.refetch()}
                productId={ctx.productId}
                orderId={ctx.orderId}
              />
            ) : marketsQuery.data ? (
              markets.length > 0 ? (
                <OptionGroup
                  legend={t('method.chooseMarket')}
                  name="market"
                  value={marketValue}
                  onChange={setMarket}
                  options={markets.map((m) => ({ value: m, label: m }))}
                />
              ) : (
                <p className="rp-muted">{t('method.noOptions')}</p>
              )
            ) : (
              <OptionsPlaceholder legend={t('method.chooseMarket')} rows={2} />
            )}
          </Card>
        )}
      </div>
    </Page>
  );
}

function BankChoice({
  banks,
  bankCode,
  channel,
  onBank,
  onChannel,
}: {
  banks: readonly BankOption[];
  bankCode: string;
  channel: string;
  onBank: (code: string) => void;
  onChannel: (num: string) => void;
}) {
  const { t } = useTranslation('repayment');
  const bank = banks.find((b) => b.bankCode === bankCode);
  if (banks.length === 0) return <p className="rp-muted">{t('method.noOptions')}</p>;
  return (
    <>
      <OptionGroup
        legend={t('method.chooseBank')}
        name="bank"
        value={bankCode}
        onChange={onBank}
        options={banks.map((b) => ({ value: b.bankCode, label: b.bankName }))}
      />
      {/* Spec 5: the channel choice opens only once a bank is chosen. */}
      {bank && bank.methods.length > 0 && (
        <div className="rp-channel">
          <OptionGroup
            legend={t('method.channel')}
            name="channel"
            value={channel}
            onChange={onChannel}
            options={bank.methods.map((m) => ({ value: m.specificNum, label: m.name }))}
          />
        </div>
      )}
    </>
  );
}

function OptionsPlaceholder({ legend, rows }: { legend: string; rows: number }) {
  return (
    <div className="rp-options" data-testid="options-placeholder">
      <p className="rp-options__legend">{legend}</p>
      <div className="rp-options__items">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="rp-option rp-option--placeholder">
            <Skeleton width="45%" height={18} />
            <Skeleton width={22} height={22} radius={999} align="end" />
          </div>
        ))}
      </div>
    </div>
  );
}
