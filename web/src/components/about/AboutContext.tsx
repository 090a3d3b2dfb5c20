import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';

// The dialog (and its Modal and Table) loads when the user first asks for it, not with the shell.
const AboutDialog = lazy(() => import('./AboutDialog').then((m) => ({ default: m.AboutDialog })));

interface AboutApi {
  open: () => void;
}

const AboutContext = createContext<AboutApi>({ open: () => {} });

/** Holds the one About dialog of the page; any menu opens it through useAbout(). */
export function AboutProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const api = useMemo(
    () => ({
      open: () => {
        setAsked(true);
        setOpened(true);
      },
    }),
    [],
  );
  return (
    <AboutContext.Provider value={api}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <AboutDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </AboutContext.Provider>
  );
}

export function useAbout(): AboutApi {
  return useContext(AboutContext);
}
