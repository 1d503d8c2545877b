import postcss, { type ChildNode, type Container } from 'postcss';

// The stylesheet rules a server-rendered page's markup can use (issue 14, docs/performance.md "Only the rules the
// markup uses").
//
// A page inlined every stylesheet of the shell and of the route's remote: 24-32 KB of CSS, most of it for other
// screens, modals, toasts and error states. On a slow phone the browser parses all of it and matches every rule
// against the markup before the first paint. A page now inlines only the rules whose selectors can match its markup
// (the shell's 15 KB sheet leaves ~4 KB, a page 6-10 KB in all), and the full stylesheets follow after the first paint,
// appended in their original order (after-paint.ts), before any script runs: the cascade ends exactly as with the full
// sheets alone (every inlined rule comes again later, in the same relative order), and nothing a script renders is
// ever without its styles.
//
// What "can match" means here, erring on keeping: a selector is dropped only when it names a class or an id that is
// nowhere in the page's markup. Attribute selectors, and whatever sits inside parentheses (:not(.x), :is(.a, .b)),
// are ignored; a selector with an escape in it is kept whole. Rules without a class or an id (:root's variables,
// element selectors) and at-rules other than @media / @supports (@keyframes, @font-face) are always kept.

/** A stylesheet parsed once per version: its top-level items, each kept whole or filtered by the markup. */
export interface ParsedSheet {
  items: SheetItem[];
}

type SheetItem =
  // A rule: its text, and per selector the classes and ids it needs (any one selector matching keeps the rule). null: always kept.
  | { text: string; needs: string[][] | null }
  // @media / @supports: its prelude, and the items inside it, filtered the same way.
  | { open: string; items: SheetItem[] };

const CONDITIONAL = new Set(['media', 'supports', 'container', 'layer']);

/** Parses a stylesheet; null when it cannot be parsed (the page then inlines it whole, as before). */
export function parseSheet(css: string): ParsedSheet | null {
  try {
    return { items: itemsOf(postcss.parse(css)) };
  } catch {
    return null;
  }
}

function itemsOf(container: Container<ChildNode>): SheetItem[] {
  const items: SheetItem[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type === 'comment') continue;
    if (node.type === 'rule') {
      const needs = node.selectors.map(needsOf);
      items.push({ text: node.toString(), needs: needs.some((n) => n === null) ? null : (needs as string[][]) });
    } else if (node.type === 'atrule' && CONDITIONAL.has(node.name.toLowerCase()) && node.nodes) {
      items.push({ open: `@${node.name}${node.raws.afterName ?? ' '}${node.params}{`, items: itemsOf(node) });
    } else {
      items.push({ text: node.toString(), needs: null });
    }
  }
  return items;
}

/** The classes (".x") and ids ("#x") a selector cannot match without; null: not known, keep it. */
function needsOf(selector: string): string[] | null {
  if (selector.includes('\\')) return null;
  let s = selector.replace(/"[^"]*"|'[^']*'/g, '""').replace(/\[[^\]]*\]/g, '');
  for (let before = ''; before !== s;) {
    before = s;
    s = s.replace(/\([^()]*\)/g, '');
  }
  return [...s.matchAll(/([.#])(-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*)/g)].map(([, kind = '', name = '']) => kind + name);
}

/** The classes and ids in a page's markup, as ".x" and "#x". */
export function markupTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of value.split(/\s+/)) if (c) tokens.add(`.${c}`);
  for (const [, value = ''] of html.matchAll(/\sid="([^"]*)"/g)) if (value) tokens.add(`#${value}`);
  return tokens;
}

/** The sheet's rules the markup (its tokens) can use, as CSS text, in their order. */
export function criticalCss(sheet: ParsedSheet, tokens: Set<string>): string {
  return pick(sheet.items, tokens);
}

function pick(items: SheetItem[], tokens: Set<string>): string {
  let out = '';
  for (const item of items) {
    if ('open' in item) {
      const inner = pick(item.items, tokens);
      if (inner) out += `${item.open}${inner}}`;
    } else if (item.needs === null || item.needs.some((needs) => needs.every((t) => tokens.has(t)))) {
      out += item.text;
    }
  }
  return out;
}
