import type { MouseEvent } from 'react';
import { bridge, isInApp } from '@lendview/bridge';

/** Digits and a leading + only, for a tel: link ('+91 80 4718 2000' → 'tel:+918047182000'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/[^\d]/g, '')}`;
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
 * A link to another site (a regulator's portal): inside the app it opens in a native page (bridge openPage), in a
 * browser in a new tab; the address is used exactly as given, so no session parameter ever rides along, and the
 * anchor sends no Referer (the page's own address holds `tok`).
 */
export function onExternalClick(url: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (isInApp() && bridge.openPage(url)) e.preventDefault();
  };
}
