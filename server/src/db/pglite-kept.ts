/**
 * Kept statements on embedded PGlite, the counterpart of named-statements.ts: inside a transaction,
 * a small call's statement is parsed once per database (a named prepared statement, named by the
 * text's hash) and then only bound and run, so PGlite may keep its plan. PGlite's own query()
 * parses, describes and plans the text on every call: for a one-item edit's 5 kB CTEs that was
 * most of the call, and planning reads every relation's size from the file system. A few-item
 * write runs its kept statements on generic plans (write-scope.ts, plansKept), as on PostgreSQL.
 *
 * Only inside transactions: there PGlite's transaction lock is already held (every other caller,
 * the job queue included, waits for it), so the protocol messages below cannot interleave with
 * another query; and a transaction writes its files once, at COMMIT. Statements outside
 * transactions go through PGlite's query() unchanged. Same limits as on PostgreSQL: parameters of
 * at most SMALL_CALL characters, at most MAX_NAMED statements; a statement that fails to parse or
 * whose answer's columns a schema change altered runs through query() from then on.
 */
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { MAX_NAMED, NAMEABLE, smallParams, statementName } from './named-statements';

const { serialize } = protocol;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

/** A failure that leaves the statement unusable: it did not parse, or its plan went stale. */
const unusable = (e: unknown) => {
  const code = (e as { code?: string }).code;
  return code === '0A000' || code === '26000' || code?.startsWith('42') === true;
};

export class KeptStatements {
  /** Statement name to its parameters' type OIDs. */
  private readonly kept = new Map<string, number[]>();
  private readonly refused = new Set<string>();

  constructor(private readonly pg: PGlite) {}

  /** Whether this call runs as a kept statement. */
  private keeps(text: string, params: unknown[], options?: QueryOptions): string | null {
    if (options?.blob || options?.paramTypes || !NAMEABLE.test(text) || !smallParams(params)) return null;
    const name = statementName(text);
    if (this.refused.has(name) || (!this.kept.has(name) && this.kept.size >= MAX_NAMED)) return null;
    return name;
  }

  /** tx.query, with the statement kept where keeps() says. */
  async query<T>(
    tx: Transaction,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const name = this.keeps(text, params, options);
    if (!name) return tx.query<T>(text, params, options);
    if (tx.closed) throw new Error('Transaction is closed');
    try {
      let types = this.kept.get(name);
      if (!types) {
        const described = await this.run(
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
        );
        types = parse.parseDescribeStatementResults(described);
        this.kept.set(name, types);
      }
      const values = params.map((p, i) => {
        if (p === null || p === undefined) return null;
        const oid = types[i];
        const s = options?.serializers?.[oid] ?? this.pg.serializers[oid];
        return s ? s(p) : String(p);
      });
      const answer = await this.run(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      );
      return parse.parseResults(answer, this.pg.parsers, options)[0] as Results<T>;
    } catch (e) {
      if (unusable(e)) {
        this.refused.add(name);
        this.kept.delete(name);
      }
      throw e;
    }
  }

  /** The messages and a Sync in one exchange; the transaction's files are written at COMMIT. */
  private async run(...messages: Uint8Array[]) {
    const r = await this.pg.execProtocol(concat([...messages, serialize.sync()]), { syncToFs: false });
    return r.messages;
  }
}

/**
 * The client drizzle gets: PGlite, with transactions whose query() keeps statements. Everything
 * else (query outside transactions, exec, the job queue's use) is PGlite's own.
 */
export function withKeptStatements(pg: PGlite): PGlite {
  const kept = new KeptStatements(pg);
  return new Proxy(pg, {
    get(target, prop) {
      if (prop === 'transaction')
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) =>
            callback(
              Object.create(tx, {
                query: {
                  value: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
                    kept.query<R>(tx, text, params, options),
                },
              }),
            ),
          );
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
