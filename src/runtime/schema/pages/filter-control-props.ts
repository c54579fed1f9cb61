/** What the list filters' controls share (list-filters.tsx and its lazy list-filter-controls.tsx). */
import type { PropertySchema } from '../schema-types';

/** What a filter control receives (Form.Item adds value and onChange). */
export interface FilterControlProps {
  name: string;
  property: PropertySchema;
  label: string;
  /** Name of the company filter of the same form, if any (the robot filter narrows to it). */
  companyField?: string;
  /** Set by Form.Item so the label points at the control. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The JSON type of a property, without "null". */
export function baseType(p: PropertySchema): string | undefined {
  return Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
}
