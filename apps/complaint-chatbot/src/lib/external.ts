import type { MouseEvent } from 'react';
import { buildOutboundUrl } from '@lendview/api-client';
import { bridge, isInApp } from '@lendview/bridge';

/** Digits and a leading + only, for a tel: link: `tel:${telNumber('+91 80 4718 2000')}` → 'tel:+918047182000'. */
export function telNumber(phone: string): string {
  const trimmed = phone.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^\d]/g, '')}`;
}

/**
 * A tel: link's click: inside the app the native side places the call (bridge callPhone); in a browser the link
 * itself does.
 */
export function onPhoneClick(phone: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (isInApp() && bridge.callPhone(phone)) e.preventDefault();
  };
}

/**
 * A link to another site (a regulator's portal), its href built by the outbound helper (`buildOutboundUrl`, issue 12
 * item 1: another origin gets nothing of our session, whatever the address holds). Its click: inside the app it opens
 * in a native page (bridge openPage) with the same cleaned address; in a browser the anchor opens a new tab and sends
 * no Referer (the page's own address holds `tok`).
 */
export function onExternalClick(url: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    const target = buildOutboundUrl(url);
    if (isInApp() && target && bridge.openPage(target)) e.preventDefault();
  };
}
