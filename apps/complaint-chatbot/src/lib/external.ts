import type { MouseEvent } from 'react';
import { buildOutboundUrl } from '@lendview/api-client';
import { bridge, isInApp } from '@lendview/bridge';

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
