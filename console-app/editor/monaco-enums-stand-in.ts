/**
 * Stands in for `monaco-editor` in the bundle (scripts/build-console-app.ts aliases it here): the JDM editor imports
 * only this enum from it, for function nodes' markers; the real package is 4 MB of code editor we do not use.
 */
export enum MarkerSeverity {
  Hint = 1,
  Info = 2,
  Warning = 4,
  Error = 8,
}
