/** The Negotiated Cost Manager's calls (domain negCostCalls; docs/decisions.md "Issue 23"). */
import { adjustCalls, type BodyIn, type NegCostPreviewReportBody, negCostCalls } from '@cpb/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { fetchPdf } from '../../shared/pdf';

export const negCostKeys = {
  headers: (user: string, zone: number) => ['negcost', user, zone, 'headers'] as const,
};

/** GET /adjust/negcosthdrs/{user}/{zone}: headers (`root`) and their items (`included`). */
export const negCostHeadersQuery = (user: string, zone: number) =>
  queryOptions({
    queryKey: negCostKeys.headers(user, zone),
    queryFn: () => call(adjustCalls.negCostHeaders, { params: { user, zone } }),
  });

export const saveHeader = (user: string, body: BodyIn<typeof negCostCalls.updateHeaders>) =>
  call(negCostCalls.updateHeaders, { params: { user }, body });

export const deleteHeaders = (user: string, body: BodyIn<typeof negCostCalls.deleteHeaders>) =>
  call(negCostCalls.deleteHeaders, { params: { user }, body });

export const addItem = (user: string, body: BodyIn<typeof negCostCalls.addItems>) =>
  call(negCostCalls.addItems, { params: { user }, body });

export const removeItems = (user: string, body: BodyIn<typeof negCostCalls.updateItems>) =>
  call(negCostCalls.updateItems, { params: { user }, body });

/**
 * POST /report/{user}/preview: the negotiated cost preview report (spec part 2 §7) of the rows
 * given, as a PDF.
 */
export const fetchNegCostPreviewPdf = (user: string, body: NegCostPreviewReportBody) =>
  fetchPdf(negCostCalls.previewReport, { params: { user }, body });
