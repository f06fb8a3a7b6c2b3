import { useRef, useState } from 'react';
import type { PosProduct } from '@posauto/shared/schemas/pos';
import type { DoneSale } from '../lib/complete-sale';

export type TillDialog = 'customer' | 'discount' | 'held' | 'pay' | null;

/**
 * What is open over the till: one of its dialogs, the variant picker, a line being edited, the cart's sheet (portrait
 * and phones) or the sale just made. `modalRef` says at every key whether a dialog has the keyboard.
 */
export function useTillDialogs() {
  const [dialog, setDialog] = useState<TillDialog>(null);
  const [variantsOf, setVariantsOf] = useState<PosProduct | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [done, setDone] = useState<DoneSale | null>(null);
  const modalOpen = dialog !== null || variantsOf !== null || editing !== null || done !== null;
  const modalRef = useRef(modalOpen);
  modalRef.current = modalOpen;
  return { dialog, setDialog, variantsOf, setVariantsOf, editing, setEditing, sheetOpen, setSheetOpen, done, setDone, modalRef };
}

export type TillDialogs = ReturnType<typeof useTillDialogs>;
