/**
 * The part of react-i18next the app uses, over ./i18next.ts, served under the name `react-i18next` by an alias in
 * vite.config.ts (issue #12: 170 KB for /sale-pos):
 * - useTranslation(ns?, { lng }): `{ t, i18n, ready }` (also as [t, i18n, ready]); re-renders when the language
 *   changes; with `lng`, that language's table is loaded first (suspending until then), as react-i18next does.
 * - <Trans i18nKey values components />: the translated text, its <name>…</name> and <name/> tags (by name, or by
 *   index when components is an array) rendered as those elements with the enclosed text as their children.
 * - initReactI18next: tells this module the instance (i18n.use(initReactI18next)).
 */
import { cloneElement, Fragment, isValidElement, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import defaultInstance, { type I18n, type TFunction } from './i18next';

let instance: I18n = defaultInstance;

export const initReactI18next = {
  type: '3rdParty',
  init(i18n: I18n) {
    instance = i18n;
  },
};

export function getI18n(): I18n {
  return instance;
}

type UseTranslation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(_ns?: string | string[], options?: { lng?: string }): UseTranslation {
  const i18n = instance;
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (lng: unknown) => setLanguage(String(lng));
    i18n.on('languageChanged', changed);
    // A change between the first render and this effect would otherwise be missed.
    if (i18n.language !== language) setLanguage(i18n.language);
    return () => void i18n.off('languageChanged', changed);
  }, [i18n]); // eslint-disable-line react-hooks/exhaustive-deps
  const lng = options?.lng ?? language;
  const t = useMemo<TFunction>(() => i18n.getFixedT(lng), [i18n, lng]);
  // Another language than the one shown: load its table, and suspend until it is there (react-i18next's useSuspense).
  if (options?.lng && !i18n.hasLoadedLanguage(options.lng)) throw i18n.loadLanguage(options.lng);
  return Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
}

type Components = Record<string, ReactElement> | ReactElement[];

/** Splits `a <b>c</b> d <br/>` into text and elements, nesting as the tags do. */
function render(text: string, components: Components | undefined): ReactNode[] {
  const out: ReactNode[] = [];
  const tag = /<(\/?)([\w-]+)\s*(\/?)>/g;
  const stack: Array<{ name: string; children: ReactNode[] }> = [{ name: '', children: out }];
  let last = 0;
  let key = 0;
  const element = (name: string, children: ReactNode[]): ReactNode => {
    const c = components ? (components as Record<string, ReactElement>)[name] : undefined;
    if (!isValidElement(c)) return <Fragment key={key++}>{children}</Fragment>;
    return cloneElement(c, { key: key++ }, ...(children.length ? children : []));
  };
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [whole, closing, name, selfClosing] = m;
    const known = components && name! in (components as object);
    if (!known) continue;
    const top = stack[stack.length - 1]!;
    if (m.index > last) top.children.push(text.slice(last, m.index));
    last = m.index + whole.length;
    if (selfClosing) top.children.push(element(name!, []));
    else if (!closing) stack.push({ name: name!, children: [] });
    else if (stack.length > 1 && top.name === name) {
      stack.pop();
      stack[stack.length - 1]!.children.push(element(name!, top.children));
    }
  }
  if (last < text.length) stack[stack.length - 1]!.children.push(text.slice(last));
  // Unclosed tags: their text stays, unwrapped.
  while (stack.length > 1) {
    const open = stack.pop()!;
    stack[stack.length - 1]!.children.push(...open.children);
  }
  return out;
}

export function Trans({
  i18nKey,
  values,
  components,
  t,
  defaults,
  count,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Components;
  t?: TFunction;
  defaults?: string;
  count?: number;
}) {
  const own = useTranslation();
  const translate = t ?? own.t;
  const text = translate(i18nKey, {
    ...values,
    ...(count === undefined ? null : { count }),
    ...(defaults === undefined ? null : { defaultValue: defaults }),
  });
  return <>{render(text, components)}</>;
}
