/** React access to the loaded schema set. */
import { createContext, useContext, type ReactNode } from 'react';
import { createSchemaRegistry, type SchemaRegistry } from './schema-registry';

const SchemaContext = createContext<SchemaRegistry>(createSchemaRegistry({}));

/** Provides a loaded schema registry to the pages below. */
export function SchemaProvider({ registry, children }: { registry: SchemaRegistry; children: ReactNode }) {
  return <SchemaContext.Provider value={registry}>{children}</SchemaContext.Provider>;
}

/** The loaded schema registry. */
export function useSchemas(): SchemaRegistry {
  return useContext(SchemaContext);
}
