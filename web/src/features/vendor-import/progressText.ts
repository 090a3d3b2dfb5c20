/** The progress area's text: the countdown of polls left, the sites left, then the status log. */
export function progressText(o: {
  countdown: string;
  sitesLeft: string | null;
  log: readonly string[];
}): string {
  return [o.countdown, ...(o.sitesLeft === null ? [] : [o.sitesLeft]), ...o.log].join('\n');
}
