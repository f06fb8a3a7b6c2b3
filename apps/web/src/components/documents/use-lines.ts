import { useCallback, useState } from 'react';
import { patchLine } from './lines';

/** The lines of a document being written: add one, change one, take one out. Keys identify lines, never positions. */
export function useDocumentLines<L extends { key: string }>(initial: L[] | (() => L[])) {
  const [lines, setLines] = useState<L[]>(initial);
  const add = useCallback((line: L) => setLines((ls) => [...ls, line]), []);
  const change = useCallback((key: string, patch: Partial<L>) => setLines((ls) => patchLine(ls, key, patch)), []);
  const remove = useCallback((key: string) => setLines((ls) => ls.filter((l) => l.key !== key)), []);
  return { lines, setLines, add, change, remove };
}
