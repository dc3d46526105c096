import type { ReadOnlyItem } from './bootstrap';
import type { SaveWarning } from './save';

/** Everything the editor cannot represent: kept exactly as written by every save, listed here by element. */
export function ReadOnlyPanel(props: { items: ReadOnlyItem[]; dmnVersion: string }) {
  if (props.items.length === 0) return null;
  return (
    <section className="dmn-read-only" aria-labelledby="dmn-read-only-heading">
      <h2 id="dmn-read-only-heading">Kept as written, read-only here</h2>
      <p>
        This DMN {props.dmnVersion} model holds elements the editor (DMN 1.3) cannot show. Saving keeps each exactly as
        it is; change them through the API.
      </p>
      <ul>
        {props.items.map((item, index) => (
          <li key={`${item.element_id ?? ''}-${item.kind}-${index}`} data-element-id={item.element_id ?? ''}>
            <code>{item.kind}</code>
            {item.element_id ? (
              <>
                {' '}
                at <code>{item.element_id}</code>
              </>
            ) : null}
            : {item.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Elements kept aside that the edited model no longer had a place for (the save answered them). */
export function SaveWarnings(props: { warnings: SaveWarning[] }) {
  if (props.warnings.length === 0) return null;
  return (
    <div className="editor-notice" role="alert">
      <p>
        <strong>Saved, with warnings:</strong>
      </p>
      <ul>
        {props.warnings.map((warning, index) => (
          <li key={`${warning.element_id ?? ''}-${index}`}>{warning.message}</li>
        ))}
      </ul>
    </div>
  );
}
