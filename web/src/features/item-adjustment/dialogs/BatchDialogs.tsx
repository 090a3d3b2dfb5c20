import type { DialogProps } from '../../../shared/batch/dialogProps';
import { SetPriceDialog } from '../../../shared/batch/SetPriceDialog';
import type { BatchRunner } from '../hooks/useBatchRunner';
import type { CriteriaLookups, Department, GridRow, PricingEvent } from '../types';
import { SetCostDialog } from './SetCostDialog';
import { SetDepartmentDialog } from './SetDepartmentDialog';
import { SetItemGroupDialog } from './SetItemGroupDialog';
import { SetRedemptionDialog, SetTaxGroupDialog } from './SetLookupDialog';
import { SetMinMaxDialog } from './SetMinMaxDialog';
import { SetNegotiatedCostDialog } from './SetNegotiatedCostDialog';
import { SetInactiveDialog, SetVendorDialog } from './SetSimpleDialogs';

/** The open batch dialog, wired to the page's runner. */
export function BatchDialogs({
  runner,
  selected,
  lookups,
  departments,
  events,
}: {
  runner: BatchRunner;
  selected: readonly GridRow[];
  lookups: CriteriaLookups | undefined;
  departments: readonly Department[];
  events: readonly PricingEvent[];
}) {
  if (!runner.open) return null;
  const props: DialogProps = {
    busy: runner.busy,
    covered: runner.pdf !== null,
    preview: runner.preview,
    exporting: runner.exporting,
    onClose: runner.close,
    onBack: runner.back,
    onExportPdf: () => void runner.exportPdf(),
    onPreview: (body) => void runner.runPreview(body),
    onOk: (body) => void runner.runOk(body),
  };
  switch (runner.open) {
    case 'set_price':
      return <SetPriceDialog {...props} events={events} />;
    case 'set_cost':
      return <SetCostDialog {...props} />;
    case 'set_negotiated_cost':
      return (
        <SetNegotiatedCostDialog
          {...props}
          vendors={lookups?.Vendors ?? []}
          templates={lookups?.NegCostTemplates ?? []}
        />
      );
    case 'set_redemptions':
      return <SetRedemptionDialog {...props} redemptions={lookups?.Redemptions ?? []} />;
    case 'set_taxgroup':
      return <SetTaxGroupDialog {...props} taxGroups={lookups?.TaxGroups ?? []} />;
    case 'set_department':
      return (
        <SetDepartmentDialog {...props} departments={departments} invType={selected[0]?.InvType ?? 'I'} />
      );
    case 'set_itemgroup':
      return <SetItemGroupDialog {...props} itemGroups={lookups?.ItemGroups ?? []} />;
    case 'set_vendor':
      return <SetVendorDialog {...props} vendors={lookups?.Vendors ?? []} />;
    case 'set_minmax':
      return <SetMinMaxDialog {...props} selected={selected} />;
    case 'set_inactive':
      return <SetInactiveDialog {...props} />;
  }
}
