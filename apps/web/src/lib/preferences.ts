import { useSyncExternalStore } from 'react';
import type { MantineColor } from '@mantine/core';

/**
 * Interface preferences, stored in localStorage and restored on load (spec section 3/4). The colour scheme
 * itself is kept by Mantine's own manager (key mantine-color-scheme-value); everything else lives here.
 */
export type MenuLayout = 'vertical' | 'horizontal';
export type Skin = 'classic' | 'modern' | 'decent' | 'bordered';

export interface Preferences {
  preset: MantineColor;
  menuLayout: MenuLayout;
  miniMenu: boolean;
  semiDark: boolean;
  skin: Skin;
  navbarFixed: boolean;
}

export const PRESET_KEY = 'app-preset';
export const PRESETS: readonly MantineColor[] = [
  'teal',
  'blue',
  'indigo',
  'violet',
  'grape',
  'pink',
  'red',
  'orange',
  'yellow',
  'green',
  'cyan',
];
export const SKINS: readonly Skin[] = ['classic', 'modern', 'decent', 'bordered'];

const KEYS: Record<Exclude<keyof Preferences, 'preset'>, string> = {
  menuLayout: 'app-menu-layout',
  miniMenu: 'app-mini-menu',
  semiDark: 'app-semi-dark',
  skin: 'app-skin',
  navbarFixed: 'app-navbar-fixed',
};
/** Loader colours follow the current surface and primary colour (spec: loader background and colour). */
export const LOADER_KEY = 'app-loader';

export const DEFAULT_PREFERENCES: Preferences = {
  preset: 'teal',
  menuLayout: 'vertical',
  miniMenu: false,
  semiDark: false,
  skin: 'modern',
  navbarFixed: true,
};

function readBool(key: string, dflt: boolean): boolean {
  const v = localStorage.getItem(key);
  return v === 'true' ? true : v === 'false' ? false : dflt;
}

function load(): Preferences {
  const preset = localStorage.getItem(PRESET_KEY);
  const layout = localStorage.getItem(KEYS.menuLayout);
  const skin = localStorage.getItem(KEYS.skin);
  return {
    preset: preset && PRESETS.includes(preset) ? preset : DEFAULT_PREFERENCES.preset,
    menuLayout: layout === 'horizontal' ? 'horizontal' : 'vertical',
    miniMenu: readBool(KEYS.miniMenu, DEFAULT_PREFERENCES.miniMenu),
    semiDark: readBool(KEYS.semiDark, DEFAULT_PREFERENCES.semiDark),
    skin: SKINS.includes(skin as Skin) ? (skin as Skin) : DEFAULT_PREFERENCES.skin,
    navbarFixed: readBool(KEYS.navbarFixed, DEFAULT_PREFERENCES.navbarFixed),
  };
}

let current = load();
const listeners = new Set<() => void>();

export function getPreferences(): Preferences {
  return current;
}

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  current = { ...current, [key]: value };
  localStorage.setItem(key === 'preset' ? PRESET_KEY : KEYS[key as Exclude<keyof Preferences, 'preset'>], String(value));
  for (const l of listeners) l();
}

export function resetPreferences(): void {
  for (const k of [PRESET_KEY, LOADER_KEY, ...Object.values(KEYS)]) localStorage.removeItem(k);
  current = load();
  for (const l of listeners) l();
}

/** Re-read after logout cleared storage. */
export function reloadPreferences(): void {
  current = load();
  for (const l of listeners) l();
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => current,
  );
}

export function storedPreset(): MantineColor {
  return current.preset;
}

export function saveLoaderColours(background: string, colour: string): void {
  localStorage.setItem(LOADER_KEY, JSON.stringify({ background, colour }));
}
