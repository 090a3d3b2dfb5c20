export const hasFlag = (argv: string[], flag: string) => argv.includes(flag);

export function argValue(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}
