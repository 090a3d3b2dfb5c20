import { describe, expect, it } from 'vitest';
import { EmailInfo, ImportSelectedSitesBody } from '../src/api/transfers';

const form = (to: string, cc = '') => ({ to, cc, subject: 'Report', text: 'Attached.' });
const messages = (r: ReturnType<typeof EmailInfo.safeParse>) =>
  r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('EmailInfo (the report e-mail form of every e-mail call)', () => {
  it('takes one or more addresses separated by commas or semicolons', () => {
    expect(EmailInfo.safeParse(form('buyer@example.test')).success).toBe(true);
    expect(EmailInfo.safeParse(form('a@example.test, b@example.test; c@example.test')).success).toBe(true);
    expect(EmailInfo.safeParse(form('a@example.test', 'boss@example.test')).success).toBe(true);
  });

  it.each(['__proto__', '\u0000', 'buyer', 'a@example.test, not an address', '@example.test'])(
    'refuses To %j with the spec message',
    (to) => {
      expect(messages(EmailInfo.safeParse(form(to)))).toEqual(['to: Invalid email address']);
    },
  );

  it('refuses a Cc that is not an address list, and an empty To', () => {
    expect(messages(EmailInfo.safeParse(form('a@example.test', 'x')))).toEqual(['cc: Invalid email address']);
    expect(messages(EmailInfo.safeParse(form('  ')))).toContain('to: Required.');
  });
});

describe('free text of the store-loop calls', () => {
  it('refuses a NUL or other control character in a subject, message or import note', () => {
    expect(messages(EmailInfo.safeParse({ ...form('a@example.test'), subject: 'a\u0000b' }))).toHaveLength(1);
    expect(messages(EmailInfo.safeParse({ ...form('a@example.test'), text: 'x\u0000' }))).toHaveLength(1);
    expect(ImportSelectedSitesBody.safeParse({ sitenos: '11', Notes: '\u0000' }).success).toBe(false);
  });

  it('keeps line breaks in a message and a note', () => {
    expect(
      EmailInfo.safeParse({ ...form('a@example.test'), text: 'Hello,\r\n\tsee attached.' }).success,
    ).toBe(true);
    expect(ImportSelectedSitesBody.safeParse({ sitenos: '11', Notes: 'line 1\nline 2' }).success).toBe(true);
  });
});
