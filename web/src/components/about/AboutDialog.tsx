import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth';
import { appConfigQuery, appVersionQuery } from '../../shared/queries';

/** About: provider, contact block, copyright range, back-end and front-end versions. */
export function AboutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery()).data;
  const user = useSession()?.userName;
  const appVersion = useQuery({ ...appVersionQuery(user ?? ''), enabled: opened && Boolean(user) }).data;
  const backEnd = (user ? appVersion?.version : config?.version) ?? '…';
  const frontEnd = t('about.frontEndValue', { version: __APP_VERSION__, build: __BUILD__ });

  const rows: [string, React.ReactNode][] = [
    [t('about.provider'), config?.about.provider],
    [
      t('about.contact'),
      <Stack gap={0} key="contact">
        {config?.about.contact.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>,
    ],
    [t('about.copyright'), config ? `© ${config.about.copyright}` : null],
    [t('about.backEndVersion'), backEnd],
    [t('about.frontEndVersion'), frontEnd],
  ];

  return (
    <Modal opened={opened} onClose={onClose} title={t('about.title')} size={560} centered>
      <Text fw={600} size="lg" mb="sm">
        {t('app.name')}
      </Text>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={150} scope="row">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('about.close')}</Button>
      </Group>
    </Modal>
  );
}
