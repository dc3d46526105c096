import { useId } from 'react';

/**
 * The simulator's input form, generated from the model's input schema (JSON Schema: the types, enums and required
 * names of its top-level properties); every field has its label. Properties the form cannot edit (objects, lists)
 * are edited as JSON in their field; the raw JSON tab edits everything.
 */

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
}

const typeOf = (schema: PropertySchema) =>
  (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type) ?? 'string';

/** A field's text as the person typed it, into the value the schema expects (a number, a boolean, JSON). */
export function parseField(schema: PropertySchema, text: string): unknown {
  if (text === '') return undefined;
  const type = typeOf(schema);
  if (schema.enum) return schema.enum.find((value) => String(value) === text) ?? text;
  if (type === 'integer' || type === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (type === 'boolean') return text === 'true';
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

const fieldText = (value: unknown) =>
  value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function Field(props: {
  name: string;
  schema: PropertySchema;
  required: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const id = `${useId()}-${props.name}`;
  const { schema } = props;
  const type = typeOf(schema);
  const set = (text: string) => props.onChange(parseField(schema, text));
  const hint = [type, schema.format, props.required ? 'required' : 'optional'].filter(Boolean).join(', ');
  const control = schema.enum ? (
    <select
      id={id}
      value={fieldText(props.value)}
      onChange={(event) => set(event.target.value)}
      required={props.required}
    >
      <option value="">—</option>
      {schema.enum.map((option) => (
        <option key={String(option)} value={String(option)}>
          {String(option)}
        </option>
      ))}
    </select>
  ) : type === 'boolean' ? (
    <select
      id={id}
      value={fieldText(props.value)}
      onChange={(event) => set(event.target.value)}
      required={props.required}
    >
      <option value="">—</option>
      <option value="true">true</option>
      <option value="false">false</option>
    </select>
  ) : (
    <input
      id={id}
      type={type === 'integer' || type === 'number' ? 'number' : schema.format === 'date' ? 'date' : 'text'}
      step={type === 'integer' ? 1 : 'any'}
      min={schema.minimum}
      max={schema.maximum}
      value={fieldText(props.value)}
      onChange={(event) => set(event.target.value)}
      required={props.required}
    />
  );
  return (
    <div className="simulator-field">
      <label htmlFor={id}>
        {props.name}
        {props.required && <span aria-hidden="true"> *</span>} <span className="simulator-hint">({hint})</span>
      </label>
      {control}
    </div>
  );
}

export function InputForm(props: {
  schema: Record<string, unknown>;
  inputs: Record<string, unknown>;
  onChange: (inputs: Record<string, unknown>) => void;
}) {
  const properties = (props.schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set((props.schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0) return <p className="simulator-hint">The input schema names no fields: use the JSON tab.</p>;
  return (
    <div className="simulator-form">
      {names.map((name) => (
        <Field
          key={name}
          name={name}
          schema={properties[name] ?? {}}
          required={required.has(name)}
          value={props.inputs[name]}
          onChange={(value) => {
            const next = { ...props.inputs };
            if (value === undefined) delete next[name];
            else next[name] = value;
            props.onChange(next);
          }}
        />
      ))}
    </div>
  );
}
