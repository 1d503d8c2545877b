// React bindings of the in-house translator, with react-i18next's names and meaning for what the apps use:
// useTranslation(ns?, { keyPrefix }), <Trans t i18nKey values components />, <I18nextProvider>, initReactI18next.
// The apps keep importing them from 'react-i18next': every build maps that module here (@lendview/vite-config
// `reactI18nextCompat`, the vitest preset's alias), and the shell shares this module under react-i18next's name,
// so remotes built before the change (which import react-i18next) also use the page's one instance.
import {
  Children,
  cloneElement,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { TFn, TOptions, Translator } from './core.ts';
import { DEFAULT_NS, i18n as pageI18n } from './instance.ts';

interface Ctx {
  i18n?: Translator;
  defaultNS?: string;
}

export const I18nContext = createContext<Ctx>({});

/** The page's instance (react-i18next's getI18n). */
export function getI18n(): Translator {
  return pageI18n as unknown as Translator;
}

/** Kept for code written for react-i18next: the page has one instance, nothing to set. */
export function setI18n(_instance: unknown): void {}

/** react-i18next's plugin object; `i18n.use(initReactI18next)` is a no-op here. */
export const initReactI18next = { type: '3rdParty' as const, init(_instance: unknown): void {} };

export function I18nextProvider({ i18n, defaultNS, children }: { i18n?: unknown; defaultNS?: string; children?: ReactNode }) {
  const value = useMemo<Ctx>(() => ({ i18n: i18n as Translator | undefined, defaultNS }), [i18n, defaultNS]);
  return createElement(I18nContext.Provider, { value }, children);
}

function useInstance(explicit?: unknown): { instance: Translator; defaultNS: string } {
  const ctx = useContext(I18nContext);
  const instance = (explicit as Translator | undefined) ?? ctx.i18n ?? getI18n();
  return { instance, defaultNS: ctx.defaultNS ?? instance.options.defaultNS ?? DEFAULT_NS };
}

function useLanguage(instance: Translator): string | undefined {
  return useSyncExternalStore(
    (onChange) => {
      instance.on('languageChanged', onChange);
      return () => instance.off('languageChanged', onChange);
    },
    () => instance.language,
    () => instance.language,
  );
}

export interface UseTranslationOptions {
  keyPrefix?: string;
  lng?: string;
  i18n?: unknown;
}

/**
 * `const { t, i18n } = useTranslation('ns')`: t in the page's language, bound to `ns` (default: the provider's
 * defaultNS, else 'common'); re-renders, with a new t, when the language changes. Also destructurable as
 * `[t, i18n, ready]`, as in react-i18next.
 */
export function useTranslation(ns?: string | readonly string[], options: UseTranslationOptions = {}) {
  const { instance, defaultNS } = useInstance(options.i18n);
  const language = useLanguage(instance);
  const namespace: string = (typeof ns === 'string' ? ns : ns?.[0]) ?? defaultNS;
  const lng = options.lng ?? language ?? null;
  const { keyPrefix } = options;
  const t = useMemo(() => instance.getFixedT(lng, namespace, keyPrefix), [instance, lng, namespace, keyPrefix]);
  return useMemo(() => {
    const ret = [t, instance, true] as unknown as [TFn, Translator, boolean] & { t: TFn; i18n: Translator; ready: boolean };
    ret.t = t;
    ret.i18n = instance;
    ret.ready = true;
    return ret;
  }, [t, instance]);
}

type Components = readonly ReactNode[] | Record<string, ReactNode>;

interface Node {
  tag?: string;
  text?: string;
  children: Node[];
}

/** Parses `a <0>b</0> <1/>`-style markup into a tree; an unmatched or unknown tag stays text. */
function parse(text: string, components: Components | undefined): Node[] {
  const root: Node = { children: [] };
  const stack: Node[] = [root];
  const re = /<(\/?)([A-Za-z0-9]+)\s*(\/?)>/g;
  let last = 0;
  const known = (tag: string) => !!components && tag in components;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, closing, tag, selfClosing] = m;
    const top = stack[stack.length - 1]!;
    if (!known(tag!) || (closing && top.tag !== tag)) continue;
    if (m.index > last) top.children.push({ text: text.slice(last, m.index), children: [] });
    last = m.index + whole.length;
    if (closing) stack.pop();
    else {
      const node: Node = { tag, children: [] };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (last < text.length) stack[stack.length - 1]!.children.push({ text: text.slice(last), children: [] });
  // A tag left open: its text as it was written (no markup lost silently).
  return root.children;
}

function render(nodes: Node[], components: Components | undefined): ReactNode[] {
  return nodes.map((n, i) => {
    if (n.tag === undefined) return n.text;
    const comp = (components as Record<string, ReactNode>)[n.tag];
    const inner = render(n.children, components);
    if (!isValidElement(comp)) return createElement(Fragment, { key: i }, ...inner);
    const el = comp as ReactElement<{ children?: ReactNode }>;
    const children = inner.length ? inner : el.props.children;
    return cloneElement(el, { key: i }, ...Children.toArray(children));
  });
}

export interface TransProps {
  i18nKey: string;
  t?: TFn;
  ns?: string;
  values?: TOptions;
  count?: number;
  components?: Components;
  i18n?: unknown;
  children?: ReactNode;
}

/** `<Trans t={t} i18nKey="k" values={{ amount }} components={[<b />]} />` for messages like `Pay <0>{{amount}}</0>`. */
export function Trans({ i18nKey, t, ns, values, count, components, i18n }: TransProps) {
  const own = useTranslation(ns, { i18n });
  const translate = t ?? own.t;
  const text = translate(i18nKey, { ...values, ...(count === undefined ? {} : { count }), ...(ns ? { ns } : {}) });
  return createElement(Fragment, null, ...render(parse(text, components), components));
}
