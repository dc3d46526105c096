/**
 * Problems found while reading or compiling a DMN model. Compilation collects every problem before failing, so an
 * upload is answered with the full list rather than the first mistake.
 */
export interface DmnProblem {
  element_id: string | null;
  element_name: string | null;
  message: string;
}

export class DmnModelError extends Error {
  readonly problems: DmnProblem[];

  constructor(problems: DmnProblem[]) {
    super(
      problems.length === 1
        ? (problems[0]?.message ?? 'invalid DMN model')
        : `${problems.length} problems in the DMN model: ${problems.map((p) => p.message).join('; ')}`,
    );
    this.name = 'DmnModelError';
    this.problems = problems;
  }
}

/** Collects problems, each tied to the DMN element it is about. */
export class ProblemList {
  readonly items: DmnProblem[] = [];

  add(element: { id?: string | null; name?: string | null } | null, message: string): void {
    this.items.push({ element_id: element?.id ?? null, element_name: element?.name ?? null, message });
  }

  throwIfAny(): void {
    if (this.items.length > 0) throw new DmnModelError(this.items);
  }
}

/**
 * A FEEL compile failure as a problem message. Anything the FEEL compiler throws is the model's problem (a syntax
 * error, or a parser limit such as nesting), never a crash of the upload.
 */
export function describeCompileError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
