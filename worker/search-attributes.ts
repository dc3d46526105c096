import type { NativeConnection } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import type { Logger } from '../core/logger';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/contracts/search-attributes';

const INDEXED_VALUE_TYPES: Record<string, temporal.api.enums.v1.IndexedValueType> = {
  Keyword: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
};

/**
 * The dev server registers our search attributes with flags at start; against any other Temporal cluster the
 * worker registers the missing ones itself, so operators can always filter by TenantId / ResourceType / ResourceId.
 */
export async function ensureSearchAttributes(
  connection: NativeConnection,
  namespace: string,
  logger: Logger,
): Promise<void> {
  try {
    const existing = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = CUSTOM_SEARCH_ATTRIBUTES.filter(
      (attribute) => !(attribute.name in (existing.customAttributes ?? {})),
    );
    if (missing.length === 0) return;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(
        missing.map((a) => [a.name, INDEXED_VALUE_TYPES[a.type] as temporal.api.enums.v1.IndexedValueType]),
      ),
    });
    logger.info({ added: missing.map((a) => a.name) }, 'registered search attributes');
  } catch (error) {
    logger.warn(
      { err: error },
      'could not register search attributes; register TenantId, ResourceType, ResourceId, DecisionStatus (Keyword) on the namespace',
    );
  }
}
