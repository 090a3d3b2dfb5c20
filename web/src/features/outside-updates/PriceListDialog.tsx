import { formatCurrency, type OuRoot, PRICE_SCALE, toMinor } from '@cpb/domain';
import { Button, Group, Loader, Modal, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteItemsUsageQuery } from './api';
import { groupPrices } from './model/priceGroups';

const money = (p: string) => formatCurrency(toMinor(p, PRICE_SCALE), PRICE_SCALE);

/**
 * The zone price list (spec §2): the zone's stores grouped by price, each group in its colour;
 * hovering or focusing a price highlights its stores; choosing one gives it to the opener, which
 * sets the item to Accept with that price.
 */
export function PriceListDialog({
  user,
  zoneId,
  root,
  onChoose,
  onClose,
}: {
  user: string;
  zoneId: number;
  root: OuRoot;
  onChoose: (price: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const q = useQuery(siteItemsUsageQuery(user, zoneId, { ID: root.Idcode, PackSize: root.PackSize }));
  const groups = useMemo(() => groupPrices(q.data ?? []), [q.data]);
  const [hot, setHot] = useState<string | null>(null);
  const colourOf = new Map(groups.flatMap((g) => g.sites.map((s) => [s.LocationNum, g] as const)));
  const stores = groups.flatMap((g) => g.sites).sort((a, b) => a.LocationNum - b.LocationNum);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('outsideUpd.priceListTitle', { item: `${root.Idcode}@${root.PackSize}` })}
      size="lg"
      centered
    >
      {q.isPending && <Loader size="sm" aria-label={t('LOADING_PLEASE_WAIT')} />}
      {q.isError && <Text c="red.8">{q.error.message}</Text>}
      {q.data && groups.length === 0 && <Text size="sm">{t('outsideUpd.noPrices')}</Text>}
      {groups.length > 0 && (
        <>
          <Title order={3} size="sm" mb={6}>
            {t('outsideUpd.priceGroups')}
          </Title>
          <Group gap="xs" mb="md">
            {groups.map((g) => (
              <UnstyledButton
                key={g.price}
                className="ou-price-group"
                style={{ background: g.colour }}
                onMouseEnter={() => setHot(g.price)}
                onMouseLeave={() => setHot(null)}
                onFocus={() => setHot(g.price)}
                onBlur={() => setHot(null)}
                onClick={() => onChoose(g.price)}
                aria-label={t('outsideUpd.choosePrice', { price: money(g.price), n: String(g.sites.length) })}
              >
                <Text fw={700} size="sm">
                  {money(g.price)}
                </Text>
                <Text size="xs">{t('outsideUpd.storeCount', { n: String(g.sites.length) })}</Text>
              </UnstyledButton>
            ))}
          </Group>
          <Title order={3} size="sm" mb={6}>
            {t('outsideUpd.priceStores')}
          </Title>
          <SimpleGrid cols={3} spacing={6} component="ul" className="ou-price-stores">
            {stores.map((s) => {
              const g = colourOf.get(s.LocationNum);
              return (
                <li
                  key={s.LocationNum}
                  className={g && hot === g.price ? 'ou-price-store ou-price-hot' : 'ou-price-store'}
                  style={{ background: g?.colour }}
                >
                  <Text size="xs">
                    {t('outsideUpd.siteRow', { no: String(s.LocationNum), name: s.SiteName })}
                  </Text>
                  <Text size="sm" fw={600}>
                    {money(s.Price)}
                  </Text>
                </li>
              );
            })}
          </SimpleGrid>
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
