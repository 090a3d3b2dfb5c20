import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Field name -> visible label, so '{fields} is required.' names the fields as the form does. */
export function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      ID: t('itemForm.idPlu'),
      PackSize: t('itemForm.packSize'),
      UpcCode: t('itemForm.upc'),
      UpcPackSize: t('itemForm.upcPackSize'),
      InvType: t('itemForm.type'),
      Description: t('itemForm.description'),
      ReceiptDescription: t('itemForm.rcptDesc'),
      DeptSub: t('itemForm.department'),
      UnitList: t('itemForm.unitList'),
      UnitCost: t('itemForm.unitCost'),
      MinOnHand: t('itemForm.minOnHand'),
      MaxOnHand: t('itemForm.maxOnHand'),
      MinPurchaseQty: t('itemForm.minPurchaseQty'),
    }),
    [t],
  );
}
