import type { MantineColor } from '@mantine/core';

/** localStorage key named by the spec for the primary colour preset. */
export const PRESET_KEY = 'app-preset';
export const DEFAULT_PRESET: MantineColor = 'teal';
const PRESETS: readonly MantineColor[] = ['teal', 'blue', 'indigo', 'violet', 'grape', 'pink', 'red', 'orange', 'yellow', 'lime', 'green', 'cyan'];

export function storedPreset(): MantineColor {
  const v = localStorage.getItem(PRESET_KEY);
  return v && PRESETS.includes(v) ? v : DEFAULT_PRESET;
}
