/**
 * Which tickets to print on their own: those that arrive on this display while it is open, for a station that prints
 * its tickets, each once. What is already there at the first read is not printed again (the display was reloaded).
 */
export interface AutoPrintState {
  /** Tickets seen so far by this display (printed or not). */
  seen: Set<string>;
  /** The first read has been taken in. */
  primed: boolean;
}

export const newAutoPrintState = (): AutoPrintState => ({ seen: new Set(), primed: false });

/** Takes in a read of the open tickets; answers the ids to print now, oldest first. */
export function ticketsToPrint(state: AutoPrintState, tickets: readonly { id: string; print: boolean }[]): string[] {
  const out: string[] = [];
  for (const t of tickets) {
    if (state.seen.has(t.id)) continue;
    state.seen.add(t.id);
    if (state.primed && t.print) out.push(t.id);
  }
  state.primed = true;
  return out;
}
