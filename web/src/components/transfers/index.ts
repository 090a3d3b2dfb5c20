/** Shared pieces of the store-loop screens (Site Import, Distribute to Sites). */
export { keepKnown, siteNosText } from './pickerSelection';
export type { TransferPollState } from './pollStep';
export { TransferStatusHeader, type TransferStatusHeaderProps } from './TransferStatusHeader';
export { TransferStartError, TransferSubmitButton, useRefreshPickerWhenEnded } from './TransferSubmit';
export {
  latestTransfer,
  pickerCounts,
  refreshUserZones,
  transferKeys,
  usePickerZone,
  zonesSitesQuery,
} from './transferQueries';
export { type TransferPoll, transferFailedText, useTransferPoll } from './useTransferPoll';
export { ZoneSitePicker, type ZoneSitePickerProps } from './ZoneSitePicker';
