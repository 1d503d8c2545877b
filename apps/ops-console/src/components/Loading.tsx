import { useTranslation } from 'react-i18next';
import { Spinner } from '@lendview/ui';

export function Loading() {
  const { t } = useTranslation('ops_console');
  return (
    <div className="oc-loading">
      <Spinner label={t('loading')} showLabel />
    </div>
  );
}
