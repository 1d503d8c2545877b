import { useId, useState } from 'react';
import { ChevronDownIcon } from '@lendview/ui';

export interface StepGroup {
  name: string;
  steps: readonly string[];
}

/**
 * Bank payment steps grouped by name ('ATM BCA', 'm-BCA', ...), each a collapsible section (the accordion
 * pattern: a heading holding a button with aria-expanded). The first one starts open.
 */
export function StepGroups({ groups }: { groups: readonly StepGroup[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(groups.length > 0 ? [0] : []));
  const base = useId();
  const flip = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <div className="rp-steps">
      {groups.map((g, i) => {
        const expanded = open.has(i);
        const panelId = `${base}-panel-${i}`;
        return (
          <section key={`${i}-${g.name}`} className={expanded ? 'rp-steps__group is-open' : 'rp-steps__group'}>
            <h3 className="rp-steps__heading">
              <button type="button" className="rp-steps__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={() => flip(i)}>
                <span>{g.name}</span>
                <ChevronDownIcon className="rp-steps__chevron" />
              </button>
            </h3>
            <div id={panelId} className="rp-steps__panel" hidden={!expanded}>
              <StepList steps={g.steps} />
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** Numbered steps. */
export function StepList({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="rp-step-list">
      {steps.map((s, i) => (
        <li key={`${i}-${s}`} className="rp-step-list__item">
          <span className="rp-step-list__no" aria-hidden="true">
            {i + 1}
          </span>
          <span className="rp-step-list__text">{s}</span>
        </li>
      ))}
    </ol>
  );
}
