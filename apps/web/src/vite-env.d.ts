interface ImportMetaEnv {
  /** Base URL of the web API; empty or unset means the app's own origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
