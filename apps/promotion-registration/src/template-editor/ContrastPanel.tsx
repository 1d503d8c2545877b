import { useTranslation } from 'react-i18next';
import type { ContrastFailure } from '@lendview/contracts/routes';

/**
 * The WCAG AA findings of the draft's colours, live as the operator picks them: the same function the API runs
 * at publish (landingContrastFailures), so what this lists is exactly what a publish would refuse.
 */
export function ContrastPanel({ failures }: { failures: readonly ContrastFailure[] }) {
  const { t } = useTranslation('promotion_registration');
  if (failures.length === 0) {
    return (
      <p className="ops-contrast ops-contrast--ok" data-testid="contrast">
        {t('ops.contrast.ok')}
      </p>
    );
  }
  return (
    <div className="ops-contrast ops-contrast--bad" role="status" data-testid="contrast">
      <p className="ops-contrast__title">{t('ops.contrast.failing', { count: failures.length })}</p>
      <ul className="ops-contrast__list">
        {failures.map((f) => (
          <li key={`${f.text}-${f.backgroundField}`}>
            <span className="ops-contrast__swatch" style={{ color: f.textColor, background: f.background }} aria-hidden="true">
              Aa
            </span>
            <span>
              {t('ops.contrast.pair', {
                text: t(`ops.contrast.texts.${f.text === 'links and buttons' ? 'links' : f.text}`),
                textColor: f.textColor,
                background:
                  f.backgroundField === 'card' ? t('ops.contrast.card') : t(`ops.edit.fields.${f.backgroundField.replace('theme.', '')}`),
                backgroundColor: f.background,
                ratio: f.ratio.toFixed(2),
                min: f.min,
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
