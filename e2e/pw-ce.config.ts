// Scratch (not committed): the journeys' config with a longer server start for a loaded machine.
import base from './playwright.config';
export default {
  ...base,
  webServer: (Array.isArray(base.webServer) ? base.webServer : []).map((w) => ({ ...w, timeout: 400_000 })),
};
