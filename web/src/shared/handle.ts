import { useMatches } from 'react-router';

/** What every route tells the shell: its state name, its title, and its help topic. */
export interface RouteHandle {
  state: string;
  /** The screen title, used as the page heading and document title. */
  title: () => string;
  /** State whose help page the title's help link opens; none for pages without help. */
  help?: string;
  /** The screen works on the current zone, so the shell shows the zone picker. */
  zone?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'state' in value && 'title' in value;
}

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
