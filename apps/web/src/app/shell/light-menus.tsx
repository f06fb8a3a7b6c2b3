import { useEffect, useRef, useState, type ComponentType } from 'react';
import { LanguageButton, ThemeButton, UserButton } from './top-bar-buttons';

type MenuComponent = ComponentType<{ defaultOpened?: boolean }>;

/**
 * A top-bar menu whose button shows at once while the menu itself (Menu, Tooltip, floating-ui) loads only when the
 * button is first hovered, focused or pressed: the till's first load stays light (issue #12: 170 KB for /sale-pos).
 * Once loaded, the real menu takes the button's place; a press made before that opens it, and the focus stays on the
 * button.
 */
function LightMenu({ Button, load }: { Button: ComponentType<Record<string, unknown>>; load: () => Promise<MenuComponent> }) {
  const [Real, setReal] = useState<MenuComponent | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  const loading = useRef(false);
  const start = () => {
    if (loading.current) return;
    loading.current = true;
    void load().then((C) => {
      hadFocus.current = !!box.current?.contains(document.activeElement);
      setReal(() => C);
    });
  };
  useEffect(() => {
    if (Real && hadFocus.current) box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [Real]);
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {Real ? (
        <Real defaultOpened={open} />
      ) : (
        <Button
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={start}
          onFocus={start}
          onClick={() => {
            setOpen(true);
            start();
          }}
        />
      )}
    </span>
  );
}

const loadLanguage = () => import('./language-menu').then((m) => m.LanguageMenu);
const loadTheme = () => import('./theme-menu').then((m) => m.ThemeMenu);
const loadUser = () => import('./user-menu').then((m) => m.UserMenu);

export const LightLanguageMenu = () => <LightMenu Button={LanguageButton} load={loadLanguage} />;
export const LightThemeMenu = () => <LightMenu Button={ThemeButton} load={loadTheme} />;
export const LightUserMenu = () => <LightMenu Button={UserButton} load={loadUser} />;
