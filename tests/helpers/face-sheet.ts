import ExcelJS from 'exceljs';

/** The face library template's header (what the console's template download holds). */
export const FACE_SHEET_HEADER = ['Name', 'Sex', 'Nation', 'ID type', 'Certificate number', 'Employer', 'Phone', 'Job title', 'List type', 'Remark', 'Photo files'];
/** The template's example row, which an import skips. */
export const FACE_SHEET_EXAMPLE = ['Example', 'Male', '', 'ID card', '11010519491231002X', 'Harbor Security', '13800138000', 'Guard', 'White list', '', 'example-1.jpg'];

/** A filled face template: header, example row, then the rows given (photo names in the last column). */
export async function faceSheet(rows: (string | number)[][], opts: { example?: boolean; header?: string[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('faces');
  ws.addRow(opts.header ?? FACE_SHEET_HEADER);
  if (opts.example !== false) ws.addRow(FACE_SHEET_EXAMPLE);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
