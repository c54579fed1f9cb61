/**
 * Packages a request needs now and then, loaded on first use instead of at start-up (issue 23):
 * ExcelJS alone is a tenth of a restart's module loading.
 */
import type ExcelJS from 'exceljs';

let excel: Promise<typeof ExcelJS> | null = null;

/** ExcelJS (xlsx exports and imports). */
export const loadExcel = (): Promise<typeof ExcelJS> => (excel ??= import('exceljs').then((m) => m.default));
