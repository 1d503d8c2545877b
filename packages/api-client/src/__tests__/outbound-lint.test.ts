import { describe, expect, it } from 'vitest';
import { frontEndSources } from './front-end-sources.ts';

/**
 * Issue 12 item 1, kept true as the remotes grow: a source scan of every remote (and the shell) for places that
 * send the browser somewhere (`location.assign/replace`, `location.href =`, `window.open`, a JSX `href={…}`)
 * without the one helper that strips our identity from other origins (`navigateOutbound` /
 * `buildOutboundUrl`, packages/api-client/src/outbound.ts). Practical, not a parser: it reads lines.
 *
 * A line is fine when it uses the helper, or the href is a literal page path, fragment, tel: or mailto:, or a tel:
 * address built by @lendview/bridge's `telHref` (digits and a leading + only). The
 * known exceptions below are listed with why they cannot leak; an exception that no longer matches fails too,
 * so the list only shrinks.
 */
const KNOWN: Record<string, string> = {
  'apps/promotion-registration/src/components/DownloadView.tsx':
    "app-store links of the landing template (operators' https URLs), shown to visitors who have no session; nothing of ours is added.",
};

const SINKS = [
  /\blocation\.(assign|replace)\s*\(/,
  /\blocation\.href\s*=[^=]/,
  /\bwindow\.open\s*\(/,
  /\b(window|document)\.location\s*=[^=]/,
];
const HREF = /\bhref=\{([^}]*)\}/g;
const SAFE_HREF = /^\s*(['"`])(\/(?!\/)|#|tel:|mailto:)|^\s*(buildOutboundUrl|withSharedParams|telHref)\(/;
const USES_HELPER = /\b(navigateOutbound|buildOutboundUrl|outboundNav)\b/;

/** `file:line: text` of every navigation that does not go through the helper. */
export function findUnsafeNavigations(source: string, file: string): string[] {
  const hits: string[] = [];
  source.split('\n').forEach((line, i) => {
    const code = line.replace(/(^|\s)\/\/.*$/, '$1');
    if (/^\s*\*/.test(code)) return;
    if (SINKS.some((re) => re.test(code)) && !USES_HELPER.test(code)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
    for (const m of code.matchAll(HREF)) if (!SAFE_HREF.test(m[1]!)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return hits;
}

describe('remotes navigate away only through the outbound helper (issue 12 item 1)', () => {
  const all = frontEndSources();
  const byFile = new Map(all.map((f) => [f.file, findUnsafeNavigations(f.source, f.file)]));

  it('scans the remotes (the scan itself finds files)', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(byFile.has('apps/loan-details/src/lib/navigation.ts')).toBe(true);
  });

  it('no raw navigation outside the known, explained exceptions', () => {
    const unexpected = [...byFile].filter(([f]) => !(f in KNOWN)).flatMap(([, hits]) => hits);
    expect(unexpected).toEqual([]);
  });

  it('every known exception still exists (the list only shrinks)', () => {
    for (const f of Object.keys(KNOWN)) expect(byFile.get(f)?.length ?? 0, f).toBeGreaterThan(0);
  });

  it('catches the patterns it is meant to catch', () => {
    const bad = [
      'window.location.assign(withSharedParams(url));',
      "window.location.href = product.url + '?tok=' + tok;",
      'window.open(url)',
      'location.replace(next)',
      '<a href={product.applyUrl}>Apply</a>',
      '<a href={`https://partner.example.com/?tok=${tok}`}>x</a>',
      '<a href={"//evil.example.com"}>x</a>',
    ];
    for (const line of bad) expect(findUnsafeNavigations(line, 'x.tsx'), line).toHaveLength(1);
    const good = [
      'navigateOutbound(env.data.url);',
      'outboundNav.assign(buildOutboundUrl(url));',
      '<a href={buildOutboundUrl(product.applyUrl)}>Apply</a>',
      '<a href={`tel:${phone}`}>call</a>',
      '<a href={`/promo?templateId=${id}`}>open</a>',
      "<a href={'#top'}>top</a>",
      'const origin = window.location.origin;',
    ];
    for (const line of good) expect(findUnsafeNavigations(line, 'x.tsx'), line).toEqual([]);
  });
});
