import { cloneElement, useRef, useState, type ComponentType, type FocusEvent, type MouseEvent, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

let Loaded: ComponentType<TooltipProps> | null = null;
let loading: Promise<ComponentType<TooltipProps>> | null = null;
const loadTooltip = () => (loading ??= import('./tooltip-target').then((m) => (Loaded = m.Tooltip as ComponentType<TooltipProps>)));

type Child = ReactElement<{
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
}>;

/**
 * Mantine's Tooltip, loaded the first time its element is hovered or focused (Tooltip and floating-ui are about
 * 16 KB gzip the till does not need to show its first screen). The element itself is rendered as it is, never
 * wrapped, so it keeps its focus when the tooltip arrives; the tooltip points at it (`target`) and shows while the
 * element is hovered or focused, as Mantine's own does.
 */
export function LightTooltip({ label, disabled, children }: { label: string; disabled?: boolean; children: Child }) {
  const [Tip, setTip] = useState<ComponentType<TooltipProps> | null>(() => Loaded);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const el = useRef<HTMLElement | null>(null);
  const want = () => {
    if (!Tip) void loadTooltip().then((C) => setTip(() => C));
  };
  const own = children.props;
  const child = cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      el.current = node;
      const r = own.ref;
      if (typeof r === 'function') r(node);
      else if (r) (r as { current: HTMLElement | null }).current = node;
    },
    onMouseEnter: (e: MouseEvent<HTMLElement>) => {
      own.onMouseEnter?.(e);
      setHovered(true);
      want();
    },
    onMouseLeave: (e: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(e);
      setHovered(false);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e);
      // Mantine shows tooltips on keyboard focus only (focus-visible), not after a click.
      setFocused(e.currentTarget.matches(':focus-visible'));
      want();
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      own.onBlur?.(e);
      setFocused(false);
    },
  });
  return (
    <>
      {child}
      {Tip && <Tip label={label} target={el} opened={!disabled && (hovered || focused)} />}
    </>
  );
}
