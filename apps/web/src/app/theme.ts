import {
  Anchor,
  createTheme,
  DEFAULT_THEME,
  Input,
  type MenuProps,
  type ModalProps,
  type DrawerProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * The app's Mantine theme, tuned for WCAG 2.1 AA (issue #10). Mantine's stock scales put links, prices and
 * filled buttons at shade 6 (teal: 2.55:1 on white) and light badges at shade 9 on shade 1 (teal: 4.3:1). Here
 * every colour's darker half is darkened, keeping its hue, until shade 6 reads at 4.5:1 even on grey rows (and white
 * text on it), and shades 7–9 step further, so every preset, every status badge and the dark theme's filled
 * buttons (shade 8) pass without a per-screen fix.
 */

import classes from './theme.module.css';

const FONT = "'Noto Sans', 'Noto Sans Khmer', 'Noto Sans Arabic', 'Noto Sans SC', system-ui, sans-serif";

/** Contrast against white each shade must reach: 6 carries text and filled buttons (4.5:1 still on the striped rows of gray-0), 9 is text on the light shade 1. */
const TARGETS: Record<number, number> = { 6: 4.9, 7: 5.5, 8: 6.3, 9: 7.4 };

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const n = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16)) as Rgb;
};
const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(toRgb(a)), luminance(toRgb(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The colour scaled toward black, in small steps, until it reaches the contrast on white. */
function darkenTo(hex: string, target: number): string {
  const rgb = toRgb(hex);
  for (let k = 1; k >= 0.2; k -= 0.01) {
    const c = toHex(rgb.map((v) => v * k) as Rgb);
    if (contrastRatio(c, '#ffffff') >= target) return c;
  }
  return toHex(rgb.map((v) => v * 0.2) as Rgb);
}

export function accessibleScale(scale: readonly string[]): MantineColorsTuple {
  return scale.map((shade, i) => (TARGETS[i] ? darkenTo(shade, TARGETS[i]) : shade)) as unknown as MantineColorsTuple;
}

/** Dimmed text: Mantine's gray-6 is 3.3:1 on white and dark-2 is 4.0:1 on the dark body; these reach 4.5:1 on cards and tinted rows. */
export const DIMMED = { light: '#5f666d', dark: '#a6a6a6' } as const;

// Gray keeps its light half (surfaces, borders); its shade 6 (grey outline badges and buttons, input borders) is the dimmed grey.
const gray = DEFAULT_THEME.colors.gray.map((shade, i) => (i === 6 ? DIMMED.light : shade)) as unknown as MantineColorsTuple;

const colors = {
  ...Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark' && name !== 'gray')
      .map(([name, scale]) => [name, accessibleScale(scale)]),
  ),
  gray,
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED.light, '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: { '--mantine-color-dimmed': DIMMED.dark, '--mantine-color-placeholder': 'var(--mantine-color-dark-2)' },
});

/** closeLabel: the translated name of every dialog's close button (WCAG 4.1.2: Mantine's own × has none). */
export function appTheme(preset: string, skin: string, closeLabel = 'Close'): MantineThemeOverride {
  return createTheme({
    primaryColor: preset,
    colors,
    defaultRadius: skin === 'classic' ? 'sm' : 'md',
    fontFamily: FONT,
    headings: { fontFamily: FONT },
    components: {
      // WCAG 1.4.1: a link inside text is told apart by more than its colour.
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      Input: Input.extend({ classNames: { wrapper: classes.inputWrapper } }),
      // The whole word, never "កំពុ…": a plain object (no Badge import on the sign-in page).
      Badge: { classNames: { root: classes.badgeRoot, label: classes.badgeLabel } },
      // Only menu items inside role="menu": the first item takes the focus, not a placeholder div.
      // A plain object, not Menu.extend(): the theme is on every page, Menu and floating-ui only in the shell (issue #10).
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
      // Plain objects for the same reason; a dialog that passes its own closeButtonProps names its button itself.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } satisfies Partial<ModalProps> },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } satisfies Partial<DrawerProps> },
    },
  });
}
