/**
 * The one message catalogue of the product: stable code -> exact text.
 *
 * Texts marked "spec" are copied exactly from the two specification documents,
 * typos included ('Would you like t save ...', 'Items(s) ...', 'zones(s)').
 * Texts marked "own" are ones the spec names without showing (the error-type
 * constants) or does not give at all; they are written here once.
 * Placeholders are `{name}` and are filled by `msg(code, { name: value })`.
 */
export const MESSAGES = {
  // --- Shared validation messages (spec part 1 §5 "Shared messages") ---
  REQUIRED_FIELD: 'This field is required',
  ALREADY_EXIST: 'AlreadyExist',
  TOO_SHORT: 'Too short',
  MAX_LENGTH_EXCEEDED: 'Max Length Exceeded',
  INVALID_EMAIL: 'Invalid email address',
  TOTAL_PERCENTAGE_100: 'Total Percentage must be 100%',
  TOTAL_GREATER_THAN_ZERO: 'Total must be greater than zero',
  GREATER_THAN_ZERO: 'Value must be greater than zero',
  PERCENT_RANGE: 'Percent must be between 0 and 100',
  SITE_RANGE: 'Value must be between 1 and 999',
  UPC_CHK_DIGIT: 'Invalid UPC Check Digit',
  ID_ALREADY_EXISTS: 'ID Already Exists',

  // --- Field validation (spec) ---
  REQUIRED: 'Required.',
  REQUIRED_35_MAX: 'Required (35 char max).',
  MIN_0: 'Enter a minimum of 0.',
  MIN_1: 'Enter a minimum of 1.',
  MAX_99: 'Enter a maximum of 99.',
  MIN_3_CHARS: 'Min. 3 characters',
  DESC_MAX_35: 'Please enter no more 35 characters',
  MAX_35_LENGTH: 'Max 35 length',
  CHAR_MAX_35_NOTE: '35 char max.',
  ITEM_GROUP_MAX_28: '28 char. max',
  INVALID_DATE: 'Invalid Date.',
  AMT_IS_REQD: 'Please enter an amount.',
  FIELDS_REQUIRED: '{fields} is required.',
  CORRECT_FIELDS: 'Please correct the fields.',
  CORRECT_REQUIRED_FIELDS: 'Please correct the required field(s).',
  CORRECT_ERRORS_BEFORE_SUBMIT: 'Please correct any error before submitting.',
  INVALID_DEPT: 'The department must be a valid existing department.',
  INVALID_DEPT_SELECTED: "Invalid department selected '{value}'",
  CLONE_ID_REQUIRED: "Please Enter Clone's ID/PkSz",
  NEG_COST_ITEM_IN_LIST: 'this item is already in this list of items associated with this negotiated cost',
  NEG_COST_HEADER_REQUIRED: 'Need to select Neg. Cost Header',
  NO_SITES_SELECTED: 'No Sites are selected. Please select a zone to select sites for import.',
  SITES_SELECTED: 'Sites are selected. Please select a zone to select sites for import.',
  NOT_MODIFIED_ANY_ITEM: 'You have not modified any item',

  // --- Error-type constants whose text the spec does not show (own) ---
  MUST_BE_EXISTING_DEPT: 'The department must be a valid existing department.',
  INVALID_AMOUNT: 'Enter a valid amount, such as 1.50 or $1,234.50.',
  INVALID_NUMBER: 'Enter a valid number.',
  // The description limit as the spec writes it (part 1 §5).
  MAX_35_LEN_ERR: 'Please enter no more 35 characters',
  BATCH_UPD_ERR: 'The batch update failed; no item was changed. The rows marked in error were not saved.',

  // --- Own texts for rules the spec leaves without wording ---
  EXPENSE_LIST_LOCKED: 'Error : Item tagged as Expense (X) cannot have its list price changed.',
  // Current Prices Report, Undo of an Apply (beyond the spec): the server's refusals; the page
  // says the second beside an item of the user's last Apply that Undo no longer offers.
  PRICES_NOTHING_TO_UNDO: 'There is no applied price to undo for this item.',
  PRICES_CHANGED_SINCE_APPLY:
    'A store changed this item after the prices were applied; its Apply cannot be undone.',
  EXPENSE_DEPT_ONLY: 'An expense (X) item can only be placed in an EX department.',
  MARGIN_TOO_HIGH: 'The margin must be less than 100%.',
  MARGIN_NEEDS_COST: 'The margin can only be changed when the item has a cost.',
  PRICE_BELOW_COST: 'The list price is below the unit cost: the item would sell at a loss.',
  PRICE_OUT_OF_RANGE: 'The price must be between -99,999.99 and 99,999.99.',
  WHOLE_NUMBER: 'Enter a whole number.',
  INVALID_UPCE: 'Enter a UPC-E as / followed by 6, 7 or 8 digits.',
  RANGE_REVERSED: 'The start of the range must not be above its end.',
  MAX_BELOW_MIN: 'Max on hand cannot be less than min on hand.',
  DATE_BEFORE_TODAY: 'The effective date cannot be before today.',
  DATE_ON_WEEKEND: 'The effective date cannot fall on a Saturday or Sunday.',
  EXPIRATION_BEFORE_EFFECTIVE: 'The expiration date cannot be before the effective date.',
  EVENT_MODE_NOT_ALLOWED: 'This mode is not allowed for the chosen pricing event.',
  ITEM_GROUP_MODE_NOT_ALLOWED:
    'A new item group can only be created; an existing one can only be added to or replaced.',
  NO_CRITERIA_APPLIED: 'Apply at least one criterion.',
  NOTHING_TO_CHANGE: 'Enter at least one value to change.',
  CONTROL_CHARACTERS: 'Enter text without control characters.',
  TOO_MANY_ROWS: 'No more than {max} rows at a time.',
  NUMBER_OUT_OF_RANGE: 'Enter a number from {min} to {max}.',
  UNKNOWN_FIELD_NAME: 'Choose one of {names}.',
  INVALID_LANGUAGE: 'Choose a language such as en_US.',
  COST_OUT_OF_RANGE: 'The cost must be between 0 and 9,999,999,999.9999.',
  ZONE_LOAD_FAILED: 'Error {method}: Unable to load zones',
  OU_ITEM_CAP: 'Only the first {n} outside update items are shown.',
  SITE_IMPORT_BUILD_MASTER_WARNING:
    'Build master takes the site files as the new truth; the imported items stay pending until distributed.',
  SITE_IMPORT_NO_DTS_WARNING:
    'Without Distribute to Sites the sites keep their own values until the next distribution.',
  SITE_IMPORT_ALL_ITEMS_WARNING: 'Importing all items, not only the modified ones, is slower.',
  DTS_FULL_WARNING:
    'Distributing all items overrides the existing CDB items, and unit costs are overridden at the CPB sites.',

  // --- Server access (own, for the server) ---
  NOT_SIGNED_IN: 'Please sign in.',
  FORBIDDEN_USER: 'You may only act as the signed-in user.',
  FORBIDDEN_ZONE: 'You do not have access to this zone.',
  FORBIDDEN_SITES: 'You do not have access to the store(s) with SetupID {sites}.',
  MAIL_TOO_MANY_RECIPIENTS:
    'This e-mail has {count} recipients; a report e-mail may have at most {max} (To and Cc together).',
  PDF_QUEUE_FULL: 'You already have {max} report(s) being prepared. Wait for one to finish, then ask again.',
  MAIL_RATE_LIMITED: 'You have sent {max} report e-mails in the last hour. Try again in {minutes} minute(s).',
  FORBIDDEN_SITE_NOS: 'You do not have access to the store(s) numbered {sites}.',
  FORBIDDEN_SITES_OF_ZONE: 'The store(s) with SetupID {sites} are not in this zone.',
  BAD_LOGIN: 'Invalid user name or password.',
  LOGIN_RATE_LIMITED: 'Too many failed sign-in attempts. Try again in {seconds} seconds.',
  FORBIDDEN_ORIGIN: 'This call came from another site ({origin}) and was refused.',
  BAD_CSRF_TOKEN: 'The session token is missing or wrong. Reload the page and try again.',
  LOGOFF_NEEDS_POST: 'Log Off is a POST with the session token (X-CSRF-Token from GET /session).',
  STALE_UPDATE_KEY: 'This item was changed by someone else since you loaded it. Reload and try again.',
  STATE_NOT_FOUND: 'The page {state} was not found.',

  // --- Background work: transfers and e-mail (own) ---
  TRANSFER_DONE: 'Done: {done} site(s).',
  TRANSFER_SITES_FAILED: 'Done: {done} site(s); failed: {failed} site(s) ({sites}).',
  TRANSFER_TASK_GAVE_UP: 'Stopped after {attempts} attempts: the process running this site ended each time.',
  NO_TRANSFER: 'No {kind} has been started by this user.',
  MAIL_NOT_CONFIGURED: 'E-mail is not configured on this server (SMTP_URL).',
  MAIL_SEND_FAILED: 'The e-mail could not be sent: {detail}',

  // --- Errors and warnings (spec part 1 §8, part 2 §8) ---
  SAVE_ITEM_FAILED: 'Error : Unable to save item, error={detail}',
  BACKEND_CANNOT_SAVE: 'Backend server cannot save this item',
  LOOKUP_FAILED: 'Fn=LookUpBatchItem,status={status},error={error}',
  SEARCH_FAILED: 'fn=search,status={status}',
  BATCH_SAVE_FAILED: 'fn=saveNew,status={status},error={error}',
  PREVIEW_FAILED: 'fn=onPreviewReport,status={status},error={error}',
  NO_ITEMS_FOUND: 'Sorry : No item(s) found.',
  SAVING_ERROR: 'Error encountered during saving',
  NO_ZONES_FOUND: 'No Zones found!',
  CLONE_FAILED: 'Error: Unable to clone the item',
  ITEM_ALREADY_ADDED: '{item} Item already added.',
  SET_PRICES_FAILED: 'Error : Unable to set prices.',
  CHANGE_DATE_FAILED: 'Error : Unable to change date.',
  EDIT_EVENT_FAILED: 'Error editEvent: Unable to retrieve pricing event(s)',
  NO_EVENT_ITEMS: 'No event items found for given criteria.',
  SUBMIT_CHANGES_FAILED: 'Error : Unable to submit changes.',
  SUBMIT_CHANGES_FAILED_DETAIL: 'Error : Unable to submit changes. status={status},msg={detail}',
  APPLY_OU_FAILED: 'Error applyOUChanges: Unable to save item(s)',
  SITE_IMPACTS_FAILED: 'Error site Impacts',
  NO_OU_ITEMS: 'No Outside Update items found',
  NO_NEG_COST_ITEMS: 'No Negotiated Cost item(s) found',
  DELETE_NEG_COST_FAILED: 'Error: Unable to delete negotiated cost header(s)',
  ADD_ITEM_FAILED: 'Error On Add Item: Unable to add item(s)',
  ROUTE_CHANGE_SAVE_FAILED: 'routeChange: Unable to save',
  NOTHING_TO_REPORT: 'Nothing to report for the given criteria!',
  NO_RECORDS_FOUND: 'No records found for given criteria.',
  VENDOR_ZONE_SEARCH_FAILED: 'status={status},msg={detail},{text}',
  TRANSFER_FAILED: 'Error encountered,status={status},msg={detail}',
  EXECUTE_FAILED: 'Fn=execute,error={error}',
  EMAIL_REPORT_FAILED: 'fn=emailReport,{detail}',
  NO_TRANSFER_DATA: 'Data transfer Error - No data found. Please try reloading this window',
  SAVE_PREFS_FAILED: 'Error : Unable to save preferences, error={detail}',

  // --- Success and info (spec) ---
  NEW_ITEM_FOUND: 'Success: New Item.',
  EXISTING_ITEM_FOUND: 'Success: Existing Item.',
  ITEM_KEY_SAVED: '{item} saved.',
  ITEM_SAVED: 'Item saved',
  ITEMS_SAVED: 'Success : {n} item(s) saved.',
  SUCCESSFULLY_SAVED: 'Successfully saved.',
  EVENT_ITEMS_SAVED: '{n} event items are successfully saved.',
  EVENT_ITEMS_FOUND: '{n} event items found.',
  ITEMS_DELETED: 'Items(s) deleted successfully',
  REPORT_SENT: 'Report was sent.',
  VENDOR_ITEMS_ADDED: 'Vendor item(s) added.',
  VENDOR_ITEMS_DELETED: 'Vendor item(s) deleted.',
  PREFS_SAVED: 'Success - preference(s) saved.',
  NO_PENDING_SITE_IMPORTS: 'No pending Site Imports',
  NO_PENDING_DTS: 'No pending Distribute To Sites',
  SITE_IMPORT_COMPLETE: 'Site Import Complete.',
  NO_DATA_TO_REPORT: 'No Data to Report',
  ZONES_SITES_LOADED: 'Success : {zones} zones(s) & {sites} sites(s) loaded.',
  RECORDS_FOUND: '{n} records found.',
  OPTIONS_RELOADED: 'Options reloaded,zone={zone},Neg Cost={negCost},Vendors={vendors}',
  PRICES_APPLIED: 'Prices applied successfully',
  PRICES_UNDONE: 'Prices undone successfully',

  // --- Confirmations and prompts (spec) ---
  SUBMIT_CHANGES_TITLE: 'Submit Changes?',
  UNSAVED_ITEM_CHANGES: 'One item has unsaved changes. Apply changes before leaving this page?',
  CONFIRM_SAVE: 'Would you like t save your changes now?',
  CONFIRM_RESET: 'Undoing changes cannot be reversed. Undo changes?',
  NEW_ITEM_HEADER: 'New Item: {item}',
  EXISTING_ITEM_HEADER: 'Existing Item: {item}',
  LOADING_PLEASE_WAIT: 'Loading please wait...',
  PLEASE_WAIT: 'Please wait.',
  IN_PROGRESS: 'In Progress',
  VENDOR_IMPORT_PROMPT: 'Click "Vendor Import" to import vendor items.',
  SELECT_VENDOR_PLACEHOLDER: 'Select vendor...',
  SELECT_OPTIONS_PLACEHOLDER: 'Select options...',

  // --- Pricing Event Calendar (issue 22): the server's reasons and the calendar's texts ---
  EVENT_NOT_FOUND: 'No pricing event {name} on {date} in this zone.',
  EVENT_NOT_PENDING: "The event '{name}' is no longer pending; it cannot change.",
  EVENT_DAY_PAST: 'An event cannot move to a day before today.',
  EVENT_DAY_WEEKEND: 'An event cannot move to a Saturday or Sunday.',
  EVENT_NAME_TAKEN: "The zone already has an event '{name}' at that time.",
  EVENTS_READIED: '{n} pricing event(s) are now ready.',
  EVENT_NOT_DISTRIBUTED: 'Only a distributed event can be undone.',
  EVENT_UNDO_NAME: 'Undo {name}',
  EVENT_UNDO_CREATED: "Event '{name}' created: it restores {n} item price(s).",
  EVENT_COLLISION: 'Also changed by {name} at {time}: {winner} wins (the later slot).',
  EVENT_STATUS_PENDING: 'pending distribution in the Central Price Book',
  EVENT_STATUS_READY: 'ready for distribution to the CDB sites',
  EVENT_STATUS_DISTRIBUTED: 'distributed to site',
  EVENT_STATUS_ERROR: 'error',
  // --- Negotiated Cost Manager and Report (own, issue 23) ---
  NEG_COST_HEADER_STALE:
    'This negotiated cost was changed by someone else since you loaded it. Reload and try again.',
  NEG_COST_HEADER_NOT_FOUND: 'The negotiated cost {id} no longer exists. Reload and try again.',
  NEG_COST_ITEM_NOT_IN_ZONE: 'Item {item} pack size {pack} is not in this zone.',
  NEG_COST_REPORT_RANGE: 'The end date must not be before the begin date.',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** Values for the `{name}` placeholders of a message. */
export type MessageParams = Record<string, string | number | bigint>;

/** True when `code` is a code of the catalogue. */
export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/**
 * The text of `code` with its placeholders filled. A placeholder without a value
 * is left as written, so a missing parameter shows instead of vanishing.
 */
export function msg(code: MessageCode, params?: MessageParams): string {
  const text: string = MESSAGES[code];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
