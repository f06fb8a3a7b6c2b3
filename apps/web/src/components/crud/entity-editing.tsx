import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmDelete } from './confirm-delete';
import { useCrudMutations, type CrudResource } from './resource';

/**
 * Creating and editing a list's rows in a dialog, and deleting them after a confirm: which row is open (null: a new
 * one; undefined: none), the save that closes the dialog only once the server took it, and the messages.
 */
export function useEntityEditing<T extends { id: string }, TInput>(resource: CrudResource) {
  const m = useCrudMutations<T, TInput>(resource);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const submit = async (input: TInput) => {
    if (editing) await m.update.mutateAsync({ id: editing.id, input });
    else await m.create.mutateAsync(input);
    notifySuccess(editing ? 'messages.updated' : 'messages.created');
    setEditing(undefined);
  };
  const remove = (row: T) =>
    confirmDelete(() => m.remove.mutate(row.id, { onSuccess: () => notifySuccess('messages.deleted'), onError: notifyError }));
  const setStatus = (row: T, status: boolean) =>
    m.setStatus.mutate({ id: row.id, status }, { onSuccess: () => notifySuccess('messages.status_updated'), onError: notifyError });
  return {
    editing,
    startCreate: () => setEditing(null),
    startEdit: (row: T) => setEditing(row),
    close: () => setEditing(undefined),
    submit,
    remove,
    setStatus,
  };
}

/** The dialog a row is created or edited in; its form mounts only while it is open, so each opening starts afresh. */
export function EntityModal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={open}
      onClose={onClose}
      title={t(title)}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      size="lg"
      zIndex={2000}
    >
      {open && children}
    </Modal>
  );
}
