/**
 * The help pages' texts per topic, in en_US (labels `helpTopics.*`), apart from the other labels
 * so that only the help pages load them (i18n/index.ts `loadHelpTopics`), not the sign-in page
 * and Home. Pure data without imports; scripts/build-i18n.ts writes it into i18n/en_US.json.
 */

/** Short help texts per topic: what the screen does and its main controls (from the spec). */
export const HELP_TOPICS = {
  home: {
    summary:
      'The home page offers the store-operations applications as four tiles: Central Price Book, Computerized Daily Book, Digital Dispatch and Third party Physical Inventory.',
    controls: [
      'Central Price Book opens this application at Site Import; you are asked to sign in first when needed.',
      'The other tiles open their own applications; a tile is disabled when its address is not configured.',
      'Account menu: Log On opens the sign-in page, Log Off ends the session.',
      'Help menu: Applications opens this topic, About shows the versions and the provider.',
    ],
  },
  itemAdjust: {
    summary:
      'Item Adjustment finds items of the current zone by search criteria and changes many of them at once, directly in the grid or through the batch dialogs.',
    controls: [
      'Search criteria panel: vendor, item ID and pack size, UPC/SKU, margin range, description, unit list range, department range, item group, tax group and redemption, each with an apply checkbox; Apply Criteria runs the search.',
      'Results grid: editable, paged and selectable, with the item count; values that differ across sites are shown in magenta and a checkbox filters to them.',
      'Batch buttons (enabled by row selection): Set price, cost, negotiated cost, redemption, tax group, department, item group, vendor, min/max, inactive and coverage; each dialog has Preview, OK and Cancel.',
      'The current-zone selector chooses the zone whose items are shown.',
    ],
  },
  addItem: {
    summary:
      'Add Item creates new items in the current zone, or looks up an existing one to change or clone it.',
    controls: [
      'Enter the PLU/ID and the pack size; the lookup runs when the pack size loses focus or with Search.',
      'After the lookup the header reads New Item or Existing Item and the other fields open: UPC, UPC Pack Size, Type, Description, Rcpt Desc, Department.',
      'Sections for cost, redemptions, tax groups, purchases, item groups, vendors, linked items and UOM.',
      'Advance input switches to a grid for entering many items; Save stores them, Clear starts again, Clone copies an existing item.',
    ],
  },
  itemAdjEdit: {
    summary:
      'Add/Edit Item edits every field of one item in the current zone and shows its history per site.',
    controls: [
      'General: ID/PLU, Pack Size, UPC, UPC Pack Size, Type, Do not send to POS, Description, Rcpt Desc, Department and Unit List.',
      'Panels for cost, redemption, tax group, purchase, item groups, vendors and item numbers, units of measure and linked items.',
      'History shows the changes per site (site, changed by, date, department, unit list, source); Back returns to the item.',
      'Save stores the item; Cancel leaves without saving.',
    ],
  },
  outsideUpd: {
    summary:
      'Outside Updates reviews changes that came from outside the selected zone and lets you accept, reject or sync them.',
    controls: [
      'Criteria panel and zone selector choose the changes to review; a filter hides or shows new items, cost changes or price changes.',
      'Accept, Reject and Sync Site set the action of the selected rows; the row action menu also offers No Action and Zone-Site Impact.',
      'Apply Changes stores the chosen actions; Undo Changes discards them.',
      "The arrow of a row shows the stores its update came from; changed values are marked, the department in red when the zone's is greater and blue when smaller.",
    ],
  },
  negCostMgr: {
    summary:
      'Negotiated Cost Manager maintains the costs negotiated with vendors and the items they apply to.',
    controls: [
      'Header grid: vendor, effective date, expiration date, cost and label, edited inline and saved per row; Delete and Clone.',
      'Item grid: the items of the selected negotiated cost, with Add and Remove.',
      'Set Negotiated Cost dialog: Template, Label, Set Amount, Vendor and Effective Date, with Preview, OK and Cancel.',
    ],
  },
  pricingEventCal: {
    summary:
      'Pricing Event Calendar shows the named, dated price changes of a zone on a month or week calendar.',
    controls: [
      'Events are coloured by status: pending, ready, distributed or error; drag an event to move it to another day.',
      'Pending events can be edited, cloned and priced; ready and distributed events can be viewed and cloned.',
      'Editing shows the label and effective date with Submit, Delete Event and Remove Items; Back returns to the calendar.',
    ],
  },
  negotiatedCostRpt: {
    summary:
      'Negotiated Cost Report compares the invoiced costs with the negotiated costs for a vendor and a date range.',
    controls: [
      'Choose the zone, the vendor, the negotiated cost, the date range (with presets) and the report options.',
      'View shows one grid per invoice with the invoice difference; the report can be printed or opened as PDF.',
      'E-mail sends the report when e-mail is enabled.',
    ],
  },
  currentPricesRpt: {
    summary:
      'Current Prices Report searches the current prices of items and lets you apply or undo a chosen price.',
    controls: [
      'Criteria panel with apply checkboxes: department range, vendor, item ID, pack size, UPC/SKU, margin range, description, unit list, item group, tax group and redemption.',
      'Apply Criteria runs the search; the grid lists Item ID, Pack Size, Description and the current prices as buttons.',
      'Apply and Undo change the price, each after a confirmation.',
    ],
  },
  preferences: {
    summary: 'Preferences set your own options that switch features of the other screens on or off.',
    controls: [
      'Options: apply vendor list, do not maintain item groups, min/max in item adjustment and in outside updates, update unit cost, unit cost in outside updates.',
      'Additional Options: the outside-update percentage.',
      'Submit saves the changes; Undo restores the saved values.',
    ],
  },
  vendorImportSetup: {
    summary:
      'Vendor Import Setup defines where vendor price files come from and which zone and vendor they update.',
    controls: [
      'Source: Import Type, File Location, File Mask, Label and Vendor Zone.',
      'Destination: Price Book Zone and Vendor ID.',
      'Add saves a setup, Clear empties the form, Delete removes the selected setup after a confirmation; the grid lists all setups.',
    ],
  },
  vendorImport: {
    summary: 'Vendor Import reads the vendor price files of all setups into the price book.',
    controls: [
      'Vendor Import starts the import; a progress box shows a countdown and the status log.',
      'When the import completes you are taken to Outside Updates to review the changes.',
    ],
  },
  sitesImport: {
    summary: 'Site Import reads item data from the selected sites into their zones.',
    controls: [
      'Pick zones and sites in the zone tree and the site list; Refresh Zones reloads them.',
      'Options: distribute to sites, build master, and modified items only; notes describe the import.',
      'Submit starts the import and shows its status; afterwards you are taken to Outside Updates, or to Item Adjustment after a build master.',
    ],
  },
  disttosite: {
    summary: 'Distribute to Sites sends the price-book items of a zone to the selected sites.',
    controls: [
      'Pick zones and sites in the zone tree and the site list; Distribute modifications only limits the transfer to changed items.',
      'Item Conflicts lists invalid or conflicting items; Preview shows what will be sent; E-mail Report mails it.',
      'The distribute button starts the transfer and shows its status; distributing all items overrides existing items and unit costs at the sites.',
    ],
  },
  helpabout: {
    summary: 'About shows who provides the application and which versions are running.',
    controls: [
      'Provider, contact block and copyright range.',
      'Back-end version and front-end version with its build.',
    ],
  },
} as const;
