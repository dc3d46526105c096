/** A decision table as the analysis reads it, whichever format it came from (see ./jdm-tables.ts, ./dmn-tables.ts). */
import type { CellTest, Literal } from './cell-tests';
import type { ColumnType, DomainSpec } from './column';

import type { DmnHitPolicy } from '../dmn/decision-table';

/** The DMN engine's hit policies; a JDM table's `first` and `collect` are read as FIRST and COLLECT. */
export type HitPolicy = DmnHitPolicy;

export interface TableSpec {
  node: string;
  name: string;
  path: string;
  /** As the table spells it (`first`, `collect`, `U`, `UNIQUE`, …). */
  hitPolicyLabel: string;
  hitPolicy: HitPolicy;
  ruleIds: (string | null)[];
  inputs: {
    label: string;
    type?: ColumnType;
    domain: DomainSpec;
    cells: CellTest[];
    texts: string[];
    /** Where the column's value comes from in the model's input object, when it reads one directly. */
    inputPath?: string[];
    /** Why the table's cases cannot be built from model inputs, when they cannot. */
    notAnInput?: string;
  }[];
  outputs: {
    label: string;
    texts: string[];
    literals: (Literal | undefined)[];
    domain?: DomainSpec;
    /** Output values in priority order (first = highest), for Priority and Output order. */
    priorities?: Literal[];
  }[];
  hasDefaultOutput: boolean;
}
