// The shell's one global stylesheet is imported for its side effect (style-loader injects it).
declare module '*/global.css';
