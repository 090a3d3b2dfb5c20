import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LoopTurns } from '../lib/loop-turns';
import { type PgScalar, pgArray, pgArrayInTurns } from './arrays';

const dialect = new PgDialect();

describe('pgArrayInTurns', () => {
  it('gives the parameter pgArray gives, for awkward values and for 50,000 of them', async () => {
    const awkward: PgScalar[] = ['a"b', 'back\\slash', '', null, undefined, 'comma,brace}', 'NULL'];
    const many: PgScalar[] = Array.from({ length: 50_000 }, (_, i) => (i % 97 === 0 ? null : `ID${i}`));
    for (const [values, type] of [
      [awkward, 'text'],
      [[1, 2.5, -3, null], 'numeric'],
      [[true, false, null], 'boolean'],
      [many, 'text'],
    ] as Array<[PgScalar[], string]>) {
      const want = dialect.sqlToQuery(pgArray(values, type));
      // A budget of 0 ms: a turn after every check, so the parts are built across many turns.
      expect(dialect.sqlToQuery(await pgArrayInTurns(values, type, new LoopTurns(0)))).toEqual(want);
    }
  });
});
