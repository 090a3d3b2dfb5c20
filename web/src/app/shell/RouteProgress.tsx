import { Box, Center, Loader, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** The page-loading indicator shown while a route change loads its screen and data. */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }}>
      <Progress value={100} animated striped size="sm" radius={0} aria-label={t('app.loadingPage')} />
    </Box>
  );
}

/** Full-page indicator for the first load, before any screen is shown. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Loader aria-label={t('app.loadingPage')} role="progressbar" />
    </Center>
  );
}
