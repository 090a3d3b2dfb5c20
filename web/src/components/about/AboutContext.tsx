import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { AboutDialog } from './AboutDialog';

interface AboutApi {
  open: () => void;
}

const AboutContext = createContext<AboutApi>({ open: () => {} });

/** Holds the one About dialog of the page; any menu opens it through useAbout(). */
export function AboutProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const api = useMemo(() => ({ open: () => setOpened(true) }), []);
  return (
    <AboutContext.Provider value={api}>
      {children}
      <AboutDialog opened={opened} onClose={() => setOpened(false)} />
    </AboutContext.Provider>
  );
}

export function useAbout(): AboutApi {
  return useContext(AboutContext);
}
