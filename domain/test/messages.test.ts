import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors';
import { isMessageCode, MESSAGES, msg } from '../src/messages';

// Every text the two spec documents quote without a placeholder, copied from them.
const SPEC_TEXTS = [
  // part 1 §4, §5, §8
  'Success: New Item.',
  'Success: Existing Item.',
  "Please Enter Clone's ID/PkSz",
  'Submit Changes?',
  'One item has unsaved changes. Apply changes before leaving this page?',
  'Would you like t save your changes now?',
  'Undoing changes cannot be reversed. Undo changes?',
  'Enter a minimum of 1.',
  'Required.',
  'Required (35 char max).',
  'Please enter no more 35 characters',
  'Max 35 length',
  'Max Length Exceeded',
  '35 char max.',
  'The department must be a valid existing department.',
  'Please correct the fields.',
  'Please correct the required field(s).',
  'Please enter an amount.',
  '28 char. max',
  'Please correct any error before submitting.',
  'Invalid Date.',
  'This field is required',
  'AlreadyExist',
  'Too short',
  'Invalid email address',
  'Total Percentage must be 100%',
  'Total must be greater than zero',
  'Value must be greater than zero',
  'Percent must be between 0 and 100',
  'Value must be between 1 and 999',
  'Invalid UPC Check Digit',
  'ID Already Exists',
  'Backend server cannot save this item',
  'Sorry : No item(s) found.',
  'Error encountered during saving',
  'No Zones found!',
  'Error: Unable to clone the item',
  'Item saved',
  'Successfully saved.',
  'Loading please wait...',
  // part 2 §2, §4, §5, §8
  'Select vendor...',
  'Select options...',
  'Click "Vendor Import" to import vendor items.',
  'Please wait.',
  'In Progress',
  'You have not modified any item',
  'this item is already in this list of items associated with this negotiated cost',
  'Need to select Neg. Cost Header',
  'Enter a minimum of 0.',
  'Enter a maximum of 99.',
  'Min. 3 characters',
  'No Sites are selected. Please select a zone to select sites for import.',
  'Sites are selected. Please select a zone to select sites for import.',
  'Error : Unable to set prices.',
  'Error : Unable to change date.',
  'Error editEvent: Unable to retrieve pricing event(s)',
  'No event items found for given criteria.',
  'Error : Unable to submit changes.',
  'Error applyOUChanges: Unable to save item(s)',
  'Error site Impacts',
  'No Outside Update items found',
  'No Negotiated Cost item(s) found',
  'Error: Unable to delete negotiated cost header(s)',
  'Error On Add Item: Unable to add item(s)',
  'routeChange: Unable to save',
  'Nothing to report for the given criteria!',
  'No records found for given criteria.',
  'Data transfer Error - No data found. Please try reloading this window',
  'Items(s) deleted successfully',
  'Report was sent.',
  'Vendor item(s) added.',
  'Vendor item(s) deleted.',
  'Success - preference(s) saved.',
  'No pending Site Imports',
  'No pending Distribute To Sites',
  'Site Import Complete.',
  'No Data to Report',
  'Prices applied successfully',
  'Prices undone successfully',
];

describe('the message catalogue', () => {
  const texts = new Set<string>(Object.values(MESSAGES));

  it.each(SPEC_TEXTS)('holds the spec text %j exactly', (text) => {
    expect(texts.has(text)).toBe(true);
  });

  // Spec texts with a value in them, rendered from their placeholders.
  it.each([
    ['SAVE_ITEM_FAILED', { detail: 'timeout' }, 'Error : Unable to save item, error=timeout'],
    ['INVALID_DEPT_SELECTED', { value: '9.99' }, "Invalid department selected '9.99'"],
    ['ITEMS_SAVED', { n: 3 }, 'Success : 3 item(s) saved.'],
    ['ITEM_KEY_SAVED', { item: 'ABC@1' }, 'ABC@1 saved.'],
    ['ITEM_ALREADY_ADDED', { item: 'ABC@1' }, 'ABC@1 Item already added.'],
    ['FIELDS_REQUIRED', { fields: 'ID/PLU, Description' }, 'ID/PLU, Description is required.'],
    ['EVENT_ITEMS_SAVED', { n: 4 }, '4 event items are successfully saved.'],
    ['EVENT_ITEMS_FOUND', { n: 0 }, '0 event items found.'],
    ['RECORDS_FOUND', { n: 12 }, '12 records found.'],
    ['ZONES_SITES_LOADED', { zones: 2, sites: 9 }, 'Success : 2 zones(s) & 9 sites(s) loaded.'],
    ['LOOKUP_FAILED', { status: 500, error: 'x' }, 'Fn=LookUpBatchItem,status=500,error=x'],
    ['PREVIEW_FAILED', { status: 404, error: 'y' }, 'fn=onPreviewReport,status=404,error=y'],
    ['SEARCH_FAILED', { status: 500 }, 'fn=search,status=500'],
    ['SAVE_PREFS_FAILED', { detail: 'z' }, 'Error : Unable to save preferences, error=z'],
    ['OPTIONS_RELOADED', { zone: 1, negCost: 2, vendors: 3 }, 'Options reloaded,zone=1,Neg Cost=2,Vendors=3'],
    ['NEW_ITEM_HEADER', { item: 'ABC@2' }, 'New Item: ABC@2'],
    ['EXISTING_ITEM_HEADER', { item: 'ABC@2' }, 'Existing Item: ABC@2'],
    ['LOGIN_RATE_LIMITED', { seconds: 30 }, 'Too many failed sign-in attempts. Try again in 30 seconds.'],
    ['STATE_NOT_FOUND', { state: 'main.nowhere' }, 'The page main.nowhere was not found.'],
  ] as const)('%s renders as the spec writes it', (code, params, expected) => {
    expect(msg(code, params)).toBe(expected);
  });

  it('starts the expense toast the way the spec shows it', () => {
    expect(MESSAGES.EXPENSE_LIST_LOCKED.startsWith('Error : Item tagged as ')).toBe(true);
  });

  it('gives the constants the spec does not show a text of their own', () => {
    for (const code of [
      'MUST_BE_EXISTING_DEPT',
      'INVALID_AMOUNT',
      'INVALID_NUMBER',
      'MAX_35_LEN_ERR',
      'BATCH_UPD_ERR',
    ]) {
      expect(isMessageCode(code)).toBe(true);
      expect(MESSAGES[code as keyof typeof MESSAGES].length).toBeGreaterThan(10);
    }
    expect(MESSAGES.MUST_BE_EXISTING_DEPT).toBe('The department must be a valid existing department.');
  });

  it('words the description limit as the spec does, wherever it is checked', () => {
    expect(MESSAGES.MAX_35_LEN_ERR).toBe('Please enter no more 35 characters');
    expect(MESSAGES.DESC_MAX_35).toBe('Please enter no more 35 characters');
  });

  it('has the server codes', () => {
    expect(msg('NOT_SIGNED_IN')).toBe('Please sign in.');
    expect(msg('FORBIDDEN_USER')).toBe('You may only act as the signed-in user.');
    expect(msg('FORBIDDEN_ZONE')).toBe('You do not have access to this zone.');
    expect(msg('BAD_LOGIN')).toBe('Invalid user name or password.');
    expect(msg('STALE_UPDATE_KEY')).toBe(
      'This item was changed by someone else since you loaded it. Reload and try again.',
    );
  });

  it('uses UPPER_SNAKE codes, non-empty texts and well-formed placeholders', () => {
    for (const [code, text] of Object.entries(MESSAGES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(text.trim()).not.toBe('');
      expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
    }
  });

  it('leaves a placeholder without a value visible, and knows its own codes', () => {
    expect(msg('ITEMS_SAVED')).toBe('Success : {n} item(s) saved.');
    expect(msg('ITEMS_SAVED', { other: 1 })).toBe('Success : {n} item(s) saved.');
    expect(isMessageCode('REQUIRED')).toBe(true);
    expect(isMessageCode('toString')).toBe(false);
  });

  it('carries the code and text in a DomainError', () => {
    const e = new DomainError('INVALID_DEPT_SELECTED', { value: 'x' });
    expect(e.code).toBe('INVALID_DEPT_SELECTED');
    expect(e.message).toBe("Invalid department selected 'x'");
  });
});
