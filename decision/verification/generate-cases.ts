import type { AnalysisInput, GeneratedSuite } from './report';

export function generateCases(input: AnalysisInput): GeneratedSuite {
  void input;
  throw new Error('not yet');
}
