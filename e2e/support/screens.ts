/**
 * The route table of the spec (part 1 §2.1, part 2 §2), written out here on purpose rather
 * than imported from the web, so the journeys check the page against the spec.
 * `help` is a phrase the screen's help page must contain (its main controls).
 */
export interface ExpectedScreen {
  state: string;
  path: string;
  title: string;
  help: string;
}

export const SCREENS: readonly ExpectedScreen[] = [
  { state: 'main.itemAdjust', path: '/adjust/itemAdjust', title: 'Item Adjustment', help: 'Apply Criteria' },
  { state: 'main.addItem', path: '/adjust/addItem', title: 'Add Item', help: 'Advance input' },
  { state: 'main.itemAdjEdit', path: '/adjust/itemAdjEdit', title: 'Add/Edit Item', help: 'History' },
  { state: 'main.outsideUpd', path: '/adjust/outsideUpd', title: 'Outside Updates', help: 'Sync Site' },
  {
    state: 'main.negCostMgr',
    path: '/adjust/negCostMgr',
    title: 'Negotiated Cost Manager',
    help: 'Set Negotiated Cost',
  },
  {
    state: 'main.pricingEventCal',
    path: '/adjust/pricingEventCal',
    title: 'Pricing Event Calendar',
    help: 'calendar',
  },
  {
    state: 'main.negotiatedCostRpt',
    path: '/report/negotiatedCostRpt',
    title: 'Negotiated Cost Report',
    help: 'invoice',
  },
  {
    state: 'main.currentPricesRpt',
    path: '/report/currentPricesRpt',
    title: 'Current Prices Report',
    help: 'Apply and Undo',
  },
  { state: 'main.preferences', path: '/setup/preferences', title: 'Preferences', help: 'Additional Options' },
  {
    state: 'main.vendorImportSetup',
    path: '/setup/vendorImportSetup',
    title: 'Vendor Import Setup',
    help: 'File Mask',
  },
  { state: 'main.vendorImport', path: '/setup/vendorImport', title: 'Vendor Import', help: 'status log' },
  { state: 'main.sitesImport', path: '/setup/sitesImport', title: 'Site Import', help: 'build master' },
  {
    state: 'main.disttosite',
    path: '/setup/disttosite',
    title: 'Distribute to Sites',
    help: 'Item Conflicts',
  },
];

export const screenByState = (state: string): ExpectedScreen => {
  const screen = SCREENS.find((s) => s.state === state);
  if (!screen) throw new Error(`No screen ${state} in the spec table`);
  return screen;
};

/** Top navigation groups and entries, exactly as spec part 1 §2.2 writes them. */
export const NAV_GROUPS: readonly { group: string; entries: readonly string[] }[] = [
  {
    group: 'Adjust',
    entries: [
      'Item Adjustment',
      'Add Item',
      'Outside Updates',
      'Negotiated Cost Manager',
      'Pricing Event Calendar',
    ],
  },
  { group: 'Reports', entries: ['Negotiated Cost Report', 'Current Prices Report'] },
  {
    group: 'Setup',
    entries: ['Preferences', 'Vendor Import Setup', 'Vendor Import', 'Site Import', 'Distribute To Sites'],
  },
  { group: 'Help', entries: ['Contents', 'About'] },
];

/** Nav entry -> the screen title it opens (they differ only for Distribute To Sites). */
export const NAV_TARGET_TITLE: Readonly<Record<string, string>> = {
  'Distribute To Sites': 'Distribute to Sites',
  Contents: 'Help Contents',
};

export const HOME_TILES = [
  'Central Price Book',
  'Computerized Daily Book',
  'Digital Dispatch',
  'Third party Physical Inventory',
] as const;
