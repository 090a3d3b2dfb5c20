/**
 * PostgreSQL connections that keep the statements of small calls: a one-item edit's or a search's
 * statement is parsed once per connection (a named prepared statement, named by the text's hash),
 * and PostgreSQL may keep its plan, instead of parsing and planning a 5 kB CTE on every call.
 * Drizzle sends unnamed statements, so the pool gets this client class.
 *
 * Only small calls: parameters of at most SMALL_CALL characters in all (a few items, a zone's
 * stores). A batch's statement carries thousands of keys; it runs unnamed and so is planned for
 * its own arrays every time, never with a plan kept from one-item calls of the same text. Planning
 * is a fraction of a millisecond; it matters for a 5 ms call, not for a 300 ms batch.
 *
 * A connection keeps at most MAX_NAMED statements; past that (a text that embeds values would
 * make endless variants) it runs unnamed statements. BEGIN, COMMIT, SET and DDL always run unnamed.
 * A kept statement whose answer's columns a schema change altered (another instance migrated the
 * database) fails once with "cached plan must not change result type"; that text then runs unnamed
 * on this connection.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export const MAX_NAMED = 400;
export const SMALL_CALL = 4000;
export const NAMEABLE = /^\s*(select|with|insert|update|delete)\b/i;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** The prepared statement's name for a text: the same text gets the same name on every connection. */
export const statementName = (text: string) => `cpb_${createHash('sha1').update(text).digest('base64url')}`;

/** Whether the parameters add up to at most `limit` characters (arrays: their elements'). */
export function smallParams(values: unknown, limit = SMALL_CALL): boolean {
  if (values === undefined || values === null) return true;
  if (!Array.isArray(values)) return false;
  let size = 0;
  const add = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.every(add);
    size += typeof v === 'string' ? v.length : v instanceof Uint8Array ? v.byteLength : 8;
    return size <= limit;
  };
  return values.every(add);
}

/** PostgreSQL's refusal to run a kept statement whose answer's columns changed. */
const isStalePlan = (e: unknown) =>
  e instanceof Error &&
  (e as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test(e.message);

export class NamedStatementClient extends pg.Client {
  private readonly named = new Set<string>();
  private readonly stale = new Set<string>();

  // pg's overloads (callbacks, submittables, text with values) all pass through; only a config
  // object with a text, no name of its own and small parameters gets a name.
  override query(...args: unknown[]): never {
    const [config, second] = args;
    if (config && typeof config === 'object' && !('submit' in config)) {
      const c = config as QueryConfig;
      const values = Array.isArray(second) ? second : c.values;
      if (
        typeof c.text === 'string' &&
        c.name === undefined &&
        NAMEABLE.test(c.text) &&
        smallParams(values)
      ) {
        const name = statementName(c.text);
        if (!this.stale.has(name) && (this.named.has(name) || this.named.size < MAX_NAMED)) {
          this.named.add(name);
          args[0] = { ...c, name };
          // A transaction's client awaits the promise. The pool's own query() passes a callback
          // and drops a connection whose statement failed, stale plans with it.
          const answer = (super.query as (...a: unknown[]) => unknown)(...args);
          if (answer instanceof Promise) {
            answer.catch((e: unknown) => {
              if (isStalePlan(e)) this.stale.add(name);
            });
          }
          return answer as never;
        }
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
