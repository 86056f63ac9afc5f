declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare const __APP_VERSION__: string;
/** The shell's shared singletons and their versions (tools/webpack/create-config.cjs). */
declare const __LMS_SHARED_VERSIONS__: Readonly<Record<string, string>>;
