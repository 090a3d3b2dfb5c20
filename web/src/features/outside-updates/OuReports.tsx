import type { UserZone } from '@cpb/domain';
import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailDialog } from '../../components/mail/MailDialog';
import { PdfViewerDialog } from '../../components/pdf/PdfViewerDialog';
import { appConfigQuery } from '../../shared/queries';
import { useEmailOuReport, useOuReportPdf } from './reportCalls';

const HELP = 'main.outsideUpd';

/**
 * The toolbar's View Report and E-mail Report (spec part 2 §2): the zone's outside updates as a
 * PDF in the viewer, or sent as the attachment of an e-mail. E-mail Report shows only when the
 * server can send mail (GET /appConfig emailEnabled), as on Distribute to Sites. The report is
 * the list as the server holds it: actions and edits not yet applied are not in it.
 */
export function OuReports({ user, zone }: { user: string; zone: UserZone | null }) {
  const { t } = useTranslation();
  const emailEnabled = useQuery(appConfigQuery()).data?.emailEnabled ?? false;
  const view = useOuReportPdf(user);
  const email = useEmailOuReport(user);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [mailOpen, setMailOpen] = useState(false);
  const zoneText = zone ? `${zone.ZoneNo} - ${zone.ZoneName}` : '';

  return (
    <>
      {/* The pair wraps together when the toolbar is narrow. */}
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          disabled={!zone}
          loading={view.isPending}
          onClick={() => zone && view.mutate(zone, { onSuccess: setPdf })}
        >
          {t('outsideUpd.viewReport')}
        </Button>
        {emailEnabled && (
          <Button size="xs" variant="default" disabled={!zone} onClick={() => setMailOpen(true)}>
            {t('outsideUpd.emailReport')}
          </Button>
        )}
      </Group>
      <PdfViewerDialog
        pdf={pdf}
        title={t('outsideUpd.reportTitle', { zone: zoneText })}
        helpState={HELP}
        onClose={() => setPdf(null)}
      />
      <MailDialog
        opened={mailOpen && zone !== null}
        title={t('outsideUpd.emailReport')}
        initial={{ subject: t('outsideUpd.emailSubject', { zone: zoneText }) }}
        sending={email.isPending}
        onClose={() => setMailOpen(false)}
        onSend={(mail) =>
          zone &&
          email.mutate(
            { ZoneSetupID: zone.ZoneSetupID, ZoneNo: zone.ZoneNo, ZoneName: zone.ZoneName, emailInfo: mail },
            { onSuccess: () => setMailOpen(false) },
          )
        }
      />
    </>
  );
}
