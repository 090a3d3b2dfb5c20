/** Call paths (no zod here: the page's client imports this without the schemas). */

/** `/adjust/:user/x` -> `/adjust/{user}/x` (the OpenAPI document's and the spec's spelling). */
export const specPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The path with its parameters filled in, each encoded as one segment. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
}
