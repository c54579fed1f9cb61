/**
 * One ajv for the server's own declared schemas (events, settings envelopes, report and program
 * parameters), made with the first compilation (issue 23: not at start-up). Their schemas carry no
 * $id, so they share it without clashing.
 */
import type { ValidateFunction } from 'ajv';
import { lazyValidator } from './lazy-validator';
import { createAjv } from './loader';

let shared: ReturnType<typeof createAjv> | null = null;
/** Compiles with the shared ajv, making it first if needed. */
export const compileShared = (schema: object): ValidateFunction => (shared ??= createAjv()).compile(schema);

/** A validator of a declared schema, compiled by the shared ajv on its first use. */
export const lazyCompile = (schema: object): ValidateFunction => lazyValidator(schema, compileShared);
