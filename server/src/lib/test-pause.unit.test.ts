import { describe, expect, it } from 'vitest';
import { testPause } from './test-pause';

const took = async (env: NodeJS.ProcessEnv) => {
  const t = performance.now();
  await testPause('dts-after-file', env);
  return performance.now() - t;
};

describe('testPause', () => {
  it('waits only at the point CPB_TEST_PAUSE names, and never with NODE_ENV=production', async () => {
    expect(await took({ CPB_TEST_PAUSE: 'dts-after-file:200' })).toBeGreaterThanOrEqual(190);
    expect(await took({})).toBeLessThan(50);
    expect(await took({ CPB_TEST_PAUSE: 'other-point:200' })).toBeLessThan(50);
    expect(await took({ CPB_TEST_PAUSE: 'dts-after-file:200', NODE_ENV: 'production' })).toBeLessThan(50);
  });
});
