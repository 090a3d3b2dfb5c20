/** Browser-side state of the page and how Log Off and page unload clear it. */

/** sessionStorage key of the current zone (ZoneSetupID); kept across reloads until Log Off. */
export const ZONE_KEY = 'cpb.currentZone';
/** sessionStorage key of a shortened new-build poll interval (set with `?buildPoll=ms`). */
export const BUILD_POLL_KEY = 'cpb.buildPoll';
/** sessionStorage key of the build the page last reloaded for, so it never reloads in a loop. */
export const RELOADED_FOR_KEY = 'cpb.reloadedForBuild';

/** Expires every cookie the page can see (HttpOnly ones are the server's to revoke). */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    // The async Cookie Store API cannot finish during pagehide; the old API is synchronous.
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies during unload
    document.cookie = `${expired}; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies during unload
    document.cookie = expired;
  }
}

/** Log Off: cookies, local storage and session storage (with the selected zone). */
export function clearBrowserState(): void {
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * Page unload clears local storage and cookies (spec part 1 §2.2). The selected zone
 * lives in sessionStorage, so a reload keeps it until Log Off.
 */
export function installUnloadCleanup(): void {
  window.addEventListener('pagehide', () => {
    localStorage.clear();
    clearCookies();
  });
}
