import type { OuRuleDecision } from '@cpb/domain';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RulesDialog } from './RulesDialog';

/** "Auto-accept rules" in the criteria panel: opens the zone's rules editor. */
export function RulesButton({
  user,
  zone,
  onUseDecisions,
}: {
  user: string;
  zone: { ZoneSetupID: number; ZoneName: string } | null;
  /** Sets the dry run's decisions on today's list (the dialog closes). */
  onUseDecisions: (decisions: OuRuleDecision[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" disabled={!zone} onClick={() => setOpen(true)}>
        {t('ouRules.open')}
      </Button>
      {open && zone && (
        <RulesDialog
          user={user}
          zoneId={zone.ZoneSetupID}
          zoneName={zone.ZoneName}
          onClose={() => setOpen(false)}
          onUseDecisions={(d) => {
            setOpen(false);
            onUseDecisions(d);
          }}
        />
      )}
    </>
  );
}
