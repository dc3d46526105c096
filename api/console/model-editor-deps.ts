import type { ModelService } from '../models/service';
import type { AppAssets } from './app-assets';

/** What the model editors' routes (JDM and DMN, their simulators) are given. */
export interface ModelEditorDeps {
  models: ModelService;
  appAssets: AppAssets;
  /** The largest body a save may carry (the API's `batch` limit, which PUT version uses). */
  bodyLimitBytes: number;
}
