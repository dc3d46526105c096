/** The entry of each expression sandbox process (see ./index.ts). */
import { serveProcessPoolTasks } from '../../core/process-pool';
import { SANDBOX_TASKS, warmUpSandbox } from './tasks';

serveProcessPoolTasks(SANDBOX_TASKS, { warmUp: warmUpSandbox });
