import { type ButtonHTMLAttributes, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonVariant, buttonClassName } from './Button.tsx';
import { useCountdown } from './use-countdown.ts';

export interface CountdownButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children'> {
  /** Sends the code; true starts the countdown, false (or a throw) leaves the button ready. */
  onSend: () => Promise<boolean> | boolean;
  /** Default 60 (spec 9). */
  seconds?: number;
  /** Label when ready; default the localized 'get code'. */
  readyLabel?: ReactNode;
  /** Label while counting; default the localized '{{count}}s'. */
  countingLabel?: (remaining: number) => ReactNode;
  /** A click while counting (the button is blocked): e.g. 'Do not send the code repeatedly!'. */
  onBlockedClick?: () => void;
  variant?: ButtonVariant;
}

/**
 * SMS code button of spec 4.4: ready with 'get code'; after a successful send it shows the seconds left,
 * updated every second, and is blocked; after `seconds` it is ready again. A failed send stays ready.
 * While counting it stays focusable (aria-disabled) so that a tap can report itself through onBlockedClick.
 */
export function CountdownButton({
  onSend,
  seconds = 60,
  readyLabel,
  countingLabel,
  onBlockedClick,
  variant = 'secondary',
  className,
  disabled,
  type = 'button',
  ...rest
}: CountdownButtonProps) {
  const { t } = useTranslation('common');
  const { remaining, running, start } = useCountdown(seconds);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onClick = async (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    if (disabled) return;
    if (running) {
      onBlockedClick?.();
      return;
    }
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    let ok = false;
    try {
      ok = (await onSend()) === true;
    } catch {
      ok = false;
    } finally {
      sendingRef.current = false;
      if (mounted.current) setSending(false);
    }
    if (ok && mounted.current) start();
  };

  const blocked = running || sending;
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={blocked || undefined}
      aria-busy={sending || undefined}
      className={buttonClassName(variant, { className: `lv-countdown${blocked ? ' is-blocked' : ''}${className ? ` ${className}` : ''}` })}
      // onClick handles its own failures (a throwing onSend leaves the button ready), so nothing is left unhandled.
      onClick={(e) => void onClick(e)}
    >
      {running ? (countingLabel ? countingLabel(remaining) : t('codeCountdown', { count: remaining })) : (readyLabel ?? t('getCode'))}
    </button>
  );
}
