interface ImportMetaEnv {
  /** 'true': read the theme from the static /pwa/{client}/config.json instead of the API (spec §1). */
  readonly VITE_LOCAL_THEME?: string;
}
