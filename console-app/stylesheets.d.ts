/** Stylesheets imported for their side effect: esbuild bundles them into the page's one CSS file. */
declare module '*.css';
