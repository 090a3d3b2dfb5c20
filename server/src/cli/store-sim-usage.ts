/** The store-sim command's usage line: the CLI's help shows it without loading the simulator (server/src/dev/). */
export const STORE_SIM_USAGE =
  'store-sim [--sites 1,2,...] [--once | --watch [--interval 5]] [--drift N] [--seed S] [--full]\n' +
  '            [--invoices N [--vendors FILE]]';
