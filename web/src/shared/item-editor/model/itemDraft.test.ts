import { describe, expect, it } from 'vitest';
import { cloneDraft, emptyDraft } from './itemDraft';

describe('cloneDraft', () => {
  it('clears the ID and the UPC, keeps the pack size and the values', () => {
    const original = {
      ...emptyDraft('04900000044', '1'),
      UpcCode: '049000000443',
      UpcPackSize: '1',
      Description: 'COKE 20OZ',
    };
    const clone = cloneDraft(original);
    expect(clone).toMatchObject({
      ID: '',
      UpcCode: '',
      PackSize: '1',
      UpcPackSize: '1',
      Description: 'COKE 20OZ',
    });
    // The original is not touched.
    expect(original.UpcCode).toBe('049000000443');
  });
});
