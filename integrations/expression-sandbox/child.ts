/** The entry of each expression sandbox process (see ./index.ts). */
import { serveProcessPoolTasks } from '../../core/process-pool';
import { SANDBOX_TASKS } from './tasks';

serveProcessPoolTasks(SANDBOX_TASKS);
