import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Content shown when this tab is selected (omit to render the content yourself). */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  className?: string;
}

/** Tab list (role=tablist, arrow keys, Home / End) with the selected panel. */
export function Tabs({ items, value, onChange, label, className }: TabsProps) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((i) => !i.disabled);
  const selected = items.find((i) => i.id === value);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.id === value);
    let next: TabItem | undefined;
    if (e.key === 'ArrowRight') next = enabled[(at + 1) % enabled.length];
    else if (e.key === 'ArrowLeft') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (e.key === 'Home') next = enabled[0];
    else if (e.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className={cx('lv-tabs', className)}>
      <div role="tablist" aria-label={label} className="lv-tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const on = item.id === value;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={on}
              aria-controls={item.panel !== undefined ? `${base}-panel-${item.id}` : undefined}
              tabIndex={on || (!selected && item === enabled[0]) ? 0 : -1}
              disabled={item.disabled}
              className={cx('lv-tabs__tab', on && 'is-selected')}
              onClick={() => onChange(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected?.panel !== undefined && (
        <div
          role="tabpanel"
          id={`${base}-panel-${selected.id}`}
          aria-labelledby={`${base}-tab-${selected.id}`}
          tabIndex={0}
          className="lv-tabs__panel"
        >
          {selected.panel}
        </div>
      )}
    </div>
  );
}
