import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintEscalation } from '@lendview/contracts';
import { buildOutboundUrl } from '@lendview/api-client';
import { onPhoneLinkClick, telHref } from '@lendview/bridge';
import { onExternalClick } from '../lib/external.ts';
import '../styles/grievance.css';

/** The portal's host name as the link shows it ('https://cms.rbi.org.in' → 'cms.rbi.org.in'). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * How to escalate a complaint we did not answer in time (issue 18): the API's texts as they are (the grievance
 * officer first, then the regulator of the borrower's language: the RBI Integrated Ombudsman or OJK), a link to the
 * regulator's portal that opens outside the app, and its phone. `compact` is the complaint list's version (h3, no
 * intro sentence repeated by the card around it).
 */
export function EscalationNotice({ escalation, compact = false }: { escalation: ComplaintEscalation; compact?: boolean }) {
  const { t } = useTranslation('complaint');
  const headingId = useId();
  const Heading = compact ? 'h3' : 'h2';
  // Another origin: nothing of our session in it (outbound helper); '' for an address that is not http(s).
  const portal = buildOutboundUrl(escalation.url);
  return (
    <section
      aria-labelledby={headingId}
      className={compact ? 'cc-escalation cc-escalation--compact' : 'cc-escalation'}
      data-testid="escalation"
      data-regulator={escalation.regulator}
    >
      <Heading id={headingId} className="cc-escalation__title">
        {escalation.title}
      </Heading>
      <p className="cc-escalation__text">{escalation.text}</p>
      <p className="cc-escalation__text">{escalation.regulatorText}</p>
      <div className="cc-escalation__actions">
        {portal && (
          <a
            className="cc-escalation__link"
            href={buildOutboundUrl(escalation.url)}
            target="_blank"
            rel="noopener noreferrer external"
            referrerPolicy="no-referrer"
            onClick={onExternalClick(escalation.url)}
            aria-label={t('escalation.openPortal', { name: escalation.regulatorName, host: hostOf(escalation.url) })}
          >
            {hostOf(escalation.url)}
            <span aria-hidden="true" className="cc-escalation__out">
              ↗
            </span>
          </a>
        )}
        <a
          className="cc-escalation__link"
          href={telHref(escalation.phone)}
          onClick={onPhoneLinkClick(escalation.phone)}
          aria-label={t('escalation.callLabel', { name: escalation.regulatorName, phone: escalation.phone })}
        >
          {t('escalation.call', { phone: escalation.phone })}
        </a>
      </div>
    </section>
  );
}
