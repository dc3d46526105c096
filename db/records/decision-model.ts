import { Model } from 'objection';
import type { Actor } from '../../core/actor';
import type { ModelVersionStatus } from '../../decision/catalogue';
import type { ModelFormat, ResolvedDmnImport } from '../../decision/dmn-source';

/** A tenant-authored model's catalogue entry; its content lives in immutable versions. */
export class DecisionModelRecord extends Model {
  static override tableName = 'models';
  static override jsonAttributes = ['created_by', 'verification', 'recording', 'legal_hold'];

  id!: string;
  tenant_id!: string;
  name!: string;
  description!: string;
  category!: string;
  status!: 'active' | 'deprecated';
  latest_version!: number;
  /** The one version scenarios, batches, KPIs and decision options run; null until a first version is published. */
  published_version!: number | null;
  /** Share of decision-table rules a suite must hit before a draft is submitted; null: the default, 1 (every rule). */
  coverage_threshold!: number | null;
  /** The release gate's verification policy this model sets (finding → block | warn | off); null: the tenant's. */
  verification!: Record<string, string> | null;
  /** The recording policy of its decision instances this model sets (api fields → values); null: the tenant's. */
  recording!: Record<string, unknown> | null;
  /** A legal hold: its instances are kept past retention while it is set. */
  legal_hold!: { reason: string; placed_by: unknown; placed_at: string } | null;
  created_by!: Actor;
  deprecated_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
}

/** One content revision of a model version and who wrote it (ISO 8601 `at`). */
export interface ContentWriter {
  content_revision: number;
  actor: Actor;
  at: string;
}

export class ModelVersionRecord extends Model {
  static override tableName = 'model_versions';
  static override idColumn = ['model_id', 'version'];
  static override jsonAttributes = [
    'input_schema',
    'output_schema',
    'graph',
    'metric_directions',
    'dmn_imports',
    'created_by',
    'updated_by',
    'content_writers',
  ];

  model_id!: string;
  tenant_id!: string;
  version!: number;
  input_schema!: Record<string, unknown>;
  output_schema!: Record<string, unknown>;
  /** JDM versions: the graph; null for DMN versions. */
  graph!: unknown;
  format!: ModelFormat;
  /** DMN versions: the XML as uploaded, the model's namespace and its imports as resolved at upload. */
  dmn!: string | null;
  dmn_namespace!: string | null;
  dmn_imports!: ResolvedDmnImport[];
  metric_directions!: Record<string, 'higher_is_better' | 'lower_is_better'>;
  graph_sha256!: string;
  status!: ModelVersionStatus;
  content_revision!: number;
  review_decision_id!: string | null;
  created_by!: Actor;
  updated_by!: Actor | null;
  /** Who wrote each content revision, oldest first: the uploader, then each replacement of the draft's content. */
  content_writers!: ContentWriter[];
  created_at!: Date;
  updated_at!: Date;
  submitted_at!: Date | null;
  published_at!: Date | null;
  retired_at!: Date | null;
}

/** A version going live: through a review, or again as a rollback. */
export class ModelReleaseRecord extends Model {
  static override tableName = 'model_releases';
  static override jsonAttributes = ['released_by'];

  id!: string;
  tenant_id!: string;
  model_id!: string;
  version!: number;
  replaced_version!: number | null;
  kind!: 'review' | 'rollback' | 'promotion';
  /** The environment it went live in (production for every release before environments). */
  environment_id!: string | null;
  reason!: string | null;
  decision_id!: string | null;
  released_by!: Actor;
  released_at!: Date;
}
