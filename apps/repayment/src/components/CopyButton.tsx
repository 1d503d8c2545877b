import { useTranslation } from 'react-i18next';
import { toast } from '@lendview/ui';
import { copyText } from '../lib/clipboard.ts';
import { CopyIcon } from './icons.tsx';

/** Copies `value` and says so (toast). `label` is the accessible name ("Copy virtual account number"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('repayment');
  const onClick = async () => {
    const ok = await copyText(value);
    if (ok) toast.success(t('va.copied'));
    else toast.show(t('va.copyFailed'));
  };
  return (
    <button type="button" className="rp-copy" aria-label={label} onClick={() => void onClick()}>
      <CopyIcon />
      <span aria-hidden="true">{t('va.copy')}</span>
    </button>
  );
}
