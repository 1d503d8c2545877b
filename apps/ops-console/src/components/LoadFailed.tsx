import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '@lendview/ui';
import { errorText } from '../lib/error-text.ts';

/** A read that failed: the reason, and Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('ops_console');
  return <ErrorPanel title={t('loadFailed')} message={errorText(error, t)} onRetry={onRetry} retryLabel={t('retry')} />;
}
