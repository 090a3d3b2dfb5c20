/** Vite's `?url` imports: the bundled file's public address. */
declare module '*?url' {
  const url: string;
  export default url;
}
