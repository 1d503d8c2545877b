import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Field, Page, TextInput, toast } from '@lendview/ui';
import { bindCard } from './api/bind-card.ts';
import { LockIcon } from './components/icons.tsx';
import { NS } from './i18n/index.ts';
import { BANKS } from './lib/banks.ts';
import { cardDigits, formatCardInput } from './lib/card-number.ts';
import { CARD_NO_MAX, CARD_NO_MIN, HOLDER_MAX, HOLDER_MIN } from './lib/constants.ts';
import { legacyErrorText } from './lib/messages.ts';
import { orderQuery, useQueryParam } from './lib/navigation.ts';
import './styles/legacy.css';

type FieldName = 'bank' | 'cardNo' | 'holder';
type Errors = Partial<Record<FieldName, string>>;

/**
 * `/bindCard?orderId[&productId]`: add a bank card (our screen: spec 2.1 names the route only). Bank, card number
 * (digits only, grouped in fours as typed, spec 5) and holder name; bind-card; on success back to
 * `/repay?orderId&cardId` with the new card chosen. Nothing typed is lost on an error.
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
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const refs = {
    bank: useRef<HTMLSelectElement>(null),
    cardNo: useRef<HTMLInputElement>(null),
    holder: useRef<HTMLInputElement>(null),
  };

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busyRef.current) return;
    const found = validate();
    setErrors(found);
    const first = (['bank', 'cardNo', 'holder'] as const).find((k) => found[k]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const card = await bindCard(
        { bankCode: bank, cardNo: cardDigits(cardNo), holderName: holder.trim() },
        { loadingText: t('bind.submitting') },
      );
      toast.success(t('bind.added'));
      void queryClient.invalidateQueries({ queryKey: ['repayment', 'legacy'] });
      if (orderId) navigate(`/repay?${orderQuery(orderId, productId, { cardId: String(card.id) })}`, { replace: true });
      else {
        setBank('');
        setCardNo('');
        setHolder('');
      }
    } catch (err) {
      // The form keeps what was typed: the borrower corrects it and tries again.
      toast.show(legacyErrorText(err, 'process', t));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('bind.title')}
      className="rl-page"
      footer={
        <Button variant="primary" block type="submit" form={formId} loading={busy}>
          {t('bind.submit')}
        </Button>
      }
    >
      <form id={formId} className="rl-stack" noValidate onSubmit={(e) => void submit(e)}>
        <p className="rl-intro">
          <LockIcon />
          <span>{t('bind.intro')}</span>
        </p>
        <Card className="rl-card rl-form">
          <Field label={t('bind.bank')} error={errors.bank}>
            <select
              ref={refs.bank}
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
              ref={refs.cardNo}
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
              ref={refs.holder}
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
    </Page>
  );
}
