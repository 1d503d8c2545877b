import { useTranslation } from 'react-i18next';
import type { ManifestPreview } from './manifest.ts';

/**
 * Shown to the browser that opened a preview link (docs/releasing.md "Preview"): which remote and version it sees
 * instead of the live one, and Exit (/preview/exit clears the preview cookie and goes home). When the server could
 * not serve the previewed version on what is live now, it says so; the page shows the live version.
 */
export function PreviewBar({ preview }: { preview: ManifestPreview }) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-preview" role="status" data-testid="preview-bar">
      <span className="shell-preview__text">
        {preview.problem
          ? t('preview.unavailable', { app: preview.app, version: preview.version })
          : t('preview.showing', { app: preview.app, version: preview.version })}
      </span>
      <span aria-hidden="true"> · </span>
      <a className="shell-preview__exit" href="/preview/exit">
        {t('preview.exit')}
      </a>
    </div>
  );
}
