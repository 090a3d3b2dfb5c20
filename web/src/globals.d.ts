/** Build id of this bundle (BUILD_NUMBER or a timestamp), set by vite.config.ts. */
declare const __BUILD__: string;
/** Version of the web package, set by vite.config.ts. */
declare const __APP_VERSION__: string;

declare module '*.css';
