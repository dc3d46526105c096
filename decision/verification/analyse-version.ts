import type { AnalysisInput, AnalysisOptions, VersionAnalysis } from './report';

export function analyseVersion(input: AnalysisInput, options: AnalysisOptions = {}): VersionAnalysis {
  void input;
  void options;
  throw new Error('not yet');
}
