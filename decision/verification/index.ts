export * from './report';
export { analyseVersion } from './analyse-version';
export { generateCases } from './generate-cases';
