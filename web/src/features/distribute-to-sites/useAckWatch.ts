import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePickerZone, zonesSitesQuery } from '../../components/transfers';
import { ACK_WATCH_MS, ackRefetchInterval } from './dtsForm';

/** A finished run: its id and the sites it wrote a file to. */
export interface DistributedRun {
  id: number;
  sites: number[];
}

/**
 * After a distribution, reads the site list again every few seconds until each store confirmed
 * its new file (the store simulator acknowledges within about 5 s), for at most ACK_WATCH_MS.
 * It shares the picker's query, so the picker shows each confirmation as it comes. True while
 * some store has not confirmed yet.
 */
export function useAckWatch(user: string, run: DistributedRun | null): boolean {
  const zone = usePickerZone(user);
  const [since, setSince] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  const runId = run?.id ?? null;

  useEffect(() => {
    setExpired(false);
    if (runId === null) {
      setSince(null);
      return;
    }
    setSince(Date.now());
    const timer = setTimeout(() => setExpired(true), ACK_WATCH_MS);
    return () => clearTimeout(timer);
  }, [runId]);

  const sites = run?.sites ?? [];
  const watching = since !== null && !expired && sites.length > 0;
  const zones = useQuery({
    ...zonesSitesQuery(user, zone ?? ''),
    enabled: zone !== undefined && watching,
    refetchInterval: (query) =>
      watching && since !== null ? ackRefetchInterval(query.state.data, sites, Date.now() - since) : false,
  });
  return watching && ackRefetchInterval(zones.data, sites, 0) !== false;
}
