/** The page's HTTP client (see http.ts). */

export * from './call';
export * from './http';
