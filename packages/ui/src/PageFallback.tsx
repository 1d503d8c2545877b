import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';

export interface PageFallbackProps {
  /** Announced to screen readers; default the localized 'Loading…'. */
  label?: string;
}

/**
 * What a remote shows while a screen's chunk downloads (its <Suspense> fallback): a screen-high box, so
 * nothing below jumps, and a spinner that appears only after 300 ms (no flash on a fast network).
 */
export function PageFallback({ label }: PageFallbackProps) {
  const { t } = useTranslation('common');
  return (
    <div className="lv-page-fallback">
      <div className="lv-page-fallback__spinner">
        <Spinner label={label ?? t('loading')} />
      </div>
    </div>
  );
}
