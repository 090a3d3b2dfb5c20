/**
 * Undo of the last grid save, asked first (issue 25): the Undo button and Ctrl+Z open a Yes/No
 * question naming the item and the values it gives back; Yes writes them (RowEdits.undo). Undo
 * is offered only while the item's row is in the grid: a change made on an earlier search
 * whose row is gone is not undone blind.
 */
import { useHotkeys } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { YesNoDialog } from '../../../components/ConfirmDialogs';
import type { RowEdits } from '../hooks/useRowEdits';
import { type UndoLookups, undoValuesText } from './undoText';

export interface UndoQuestion {
  /** Whether there is a change to undo whose row is in the grid. */
  offered: boolean;
  busy: boolean;
  ask: () => void;
  dialog: ReactNode;
}

export function useUndoQuestion(edits: RowEdits, lookups: UndoLookups): UndoQuestion {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const last = edits.lastChange;
  const offered = !!last && edits.rows.some((r) => r.idplu === last.key);
  const ask = () => {
    if (offered && !busy) setAsking(true);
  };
  // Ctrl+Z anywhere but in a field being typed in (Mantine leaves inputs to their own undo).
  useHotkeys([['mod+Z', ask]]);
  const answerYes = async () => {
    setBusy(true);
    await edits.undo();
    setBusy(false);
    setAsking(false);
  };
  const dialog = (
    <YesNoDialog
      opened={asking && !!last}
      title={t('itemAdjust.undoQuestionTitle')}
      message={
        last
          ? t('itemAdjust.undoQuestion', {
              item: last.key,
              values: undoValuesText(last.previous, t, lookups),
            })
          : ''
      }
      busy={busy}
      onYes={() => void answerYes()}
      onNo={() => setAsking(false)}
    />
  );
  return { offered, busy, ask, dialog };
}
