import { createInterface } from 'node:readline/promises';

/** Asks for a user's password on the terminal (`user add NAME` without --password). */
export async function askPassword(name: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`Password for ${name}: `);
  } finally {
    rl.close();
  }
}
