import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Which section is under the sticky chips: the topmost one crossing a band just below them. One
 * IntersectionObserver for all sections, so scrolling costs nothing on a phone.
 */
export function useSectionSpy(ids: readonly string[], prefix: string): [string | null, (id: string) => void] {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  // After a tap the page scrolls past other sections: the tapped one stays active until the scroll is done.
  const pinnedUntil = useRef(0);
  const key = ids.join('|');

  useEffect(() => {
    const list = key ? key.split('|') : [];
    setActive((current) => (current && list.includes(current) ? current : (list[0] ?? null)));
    if (!list.length || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).id.slice(prefix.length);
          if (e.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        const first = list.find((id) => visible.has(id));
        if (first && Date.now() > pinnedUntil.current) setActive(first);
      },
      { rootMargin: '-72px 0px -55% 0px' },
    );
    for (const id of list) {
      const el = document.getElementById(prefix + id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key, prefix]);

  const pin = useCallback((id: string) => {
    pinnedUntil.current = Date.now() + 1000;
    setActive(id);
  }, []);
  return [active, pin];
}
