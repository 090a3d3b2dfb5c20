import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('BUSINESS_TIME_ZONE', () => {
  it('takes an IANA zone name', () => {
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'America/Chicago' }).businessTimeZone).toBe('America/Chicago');
  });

  it("defaults to the server's own zone", () => {
    expect(loadConfig({}).businessTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('stops the start with a clear message on an unknown zone', () => {
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      "BUSINESS_TIME_ZONE: unknown time zone 'Mars/Olympus'",
    );
  });
});
