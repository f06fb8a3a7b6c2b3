import { useEffect, useState } from 'react';
import { EMPTY_OUTBOX, onOutboxChange, outboxEntries, outboxState, type OutboxState } from '../lib/outbox';

/** The till's waiting sales, kept up to date as they are written down and sent (here or in another tab). */
export function useOutbox(): OutboxState {
  const [state, setState] = useState<OutboxState>(EMPTY_OUTBOX);
  useEffect(() => {
    let gone = false;
    const read = () => void outboxEntries().then((e) => !gone && setState(outboxState(e)));
    read();
    const off = onOutboxChange(read);
    return () => {
      gone = true;
      off();
    };
  }, []);
  return state;
}
