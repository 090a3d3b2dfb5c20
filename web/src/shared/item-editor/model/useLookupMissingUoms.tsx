/**
 * After a lookup, the units the item's links name but the linked items lack (the lookup's
 * MissingUOMs) open the Missing UOM notice; "Add units" appends them as New rows, sent with the
 * next save (spec §2.5 "Missing UOM notice ... to be distributed on save").
 */
import type { ItemAnswer } from '@cpb/domain';
import { useEffect, useState } from 'react';
import { MissingUomNotice } from '../../../components/MissingUomNotice';
import type { ItemDraft } from './itemDraft';
import type { MissingUom } from './itemTypes';
import { appendMissing } from './linkedItemRows';

export function useLookupMissingUoms(
  base: ItemAnswer | null,
  draft: ItemDraft,
  update: (patch: Partial<ItemDraft>) => void,
): React.ReactNode {
  const [missing, setMissing] = useState<MissingUom[]>([]);
  useEffect(() => {
    setMissing(base?.MissingUOMs ?? []);
  }, [base]);
  return (
    <MissingUomNotice
      opened={missing.length > 0}
      missing={missing}
      onAdd={() => {
        update({ MissingUOMs: appendMissing(draft.MissingUOMs, missing) });
        setMissing([]);
      }}
      onCancel={() => setMissing([])}
    />
  );
}
