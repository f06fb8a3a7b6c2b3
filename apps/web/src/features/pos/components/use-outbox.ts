import { useEffect, useState } from 'react';
import { EMPTY_OUTBOX, onOutboxChange, outboxEntries, outboxState, type OutboxState } from '../lib/outbox';

/**
 * The till's waiting sales, kept up to date as they are written down and sent (here or in another tab). One read at a
 * time: changes that come while it runs (a backlog sent, a delete each) make one more read, not one each.
 */
export function useOutbox(): OutboxState {
  const [state, setState] = useState<OutboxState>(EMPTY_OUTBOX);
  useEffect(() => {
    let gone = false;
    let reading = false;
    let again = false;
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void outboxEntries().then((e) => {
        reading = false;
        if (gone) return;
        setState(outboxState(e));
        if (again) {
          again = false;
          read();
        }
      });
    };
    read();
    const off = onOutboxChange(read);
    return () => {
      gone = true;
      off();
    };
  }, []);
  return state;
}
