import { expect, test as setup } from '@playwright/test';
import { AUTH_FILE, DEMO } from './support/env';

setup('sign in the demo user through the API', async ({ request }) => {
  const res = await request.post('/login', { data: DEMO });
  expect(res.status()).toBe(200);
  expect((await res.json()).RootResults.userName).toBe(DEMO.userName);
  await request.storageState({ path: AUTH_FILE });
});
