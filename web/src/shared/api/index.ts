/** The page's HTTP client (see http.ts). */
export * from './http';
