import type { LazyRouteFunction, RouteObject } from 'react-router';

type ScreenModule = LazyRouteFunction<RouteObject>;

/** The lazily loaded route module (Component, and later loader) of each screen. */
export const SCREEN_MODULES: Readonly<Record<string, ScreenModule>> = {
  'main.itemAdjust': () => import('../features/item-adjustment/ItemAdjustmentPage'),
  'main.addItem': () => import('../features/add-item/AddItemPage'),
  'main.itemAdjEdit': () => import('../features/item-edit/ItemEditPage'),
  'main.outsideUpd': () => import('../features/outside-updates/OutsideUpdatesPage'),
  'main.negCostMgr': () => import('../features/negotiated-cost-manager/NegotiatedCostManagerPage'),
  'main.pricingEventCal': () => import('../features/pricing-event-calendar/PricingEventCalendarPage'),
  'main.negotiatedCostRpt': () => import('../features/negotiated-cost-report/NegotiatedCostReportPage'),
  'main.currentPricesRpt': () => import('../features/current-prices-report/CurrentPricesReportPage'),
  'main.preferences': () => import('../features/preferences/PreferencesPage'),
  'main.vendorImportSetup': () => import('../features/vendor-import-setup/VendorImportSetupPage'),
  'main.vendorImport': () => import('../features/vendor-import/VendorImportPage'),
  'main.sitesImport': () => import('../features/site-import/SiteImportPage'),
  'main.disttosite': () => import('../features/distribute-to-sites/DistributeToSitesPage'),
};

/** Screens that work on the current zone show the zone picker (spec: the zone list is loaded for them). */
export const ZONE_SCREENS: ReadonlySet<string> = new Set([
  'main.itemAdjust',
  'main.addItem',
  'main.itemAdjEdit',
  'main.outsideUpd',
  'main.negCostMgr',
  'main.pricingEventCal',
  'main.negotiatedCostRpt',
  'main.currentPricesRpt',
]);
