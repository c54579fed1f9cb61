/**
 * `table-import`: an array of flat objects (a battery's SOC table) read from a CSV or TSV file the
 * user picks. Columns follow the item properties in order; a first line that is not numbers is a
 * header and skipped. The rows are shown before they are sent, and a bad line is named with its
 * number; the server validates the rows again.
 */
import { useState } from 'react';
import { Alert, Button, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { pickLabel, type Labels } from '../schema-types';

/** Largest file read (a SOC table is a few hundred lines). */
export const TABLE_IMPORT_MAX_BYTES = 1024 * 1024;

interface ItemProperty {
  type?: string | string[];
  'x-labels'?: Labels;
}

/** The outcome of reading a table: its rows, or the first problem (line numbers from 1). */
export type TableParse = { rows: Record<string, unknown>[] } | { error: 'empty' | 'columns' | 'number'; line: number };

/** Reads CSV/TSV text into rows of the given columns (numbers where the column is numeric). */
export function parseTable(text: string, columns: string[], numeric: Set<string>): TableParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l, i) => ({ l: l.trim(), n: i + 1 })).filter((x) => x.l !== '');
  const cells = (l: string) => l.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const isHeader = (l: string) => cells(l).some((c, i) => numeric.has(columns[i] ?? '') && c !== '' && !Number.isFinite(Number(c)));
  const body = lines.length && isHeader(lines[0]!.l) ? lines.slice(1) : lines;
  if (!body.length) return { error: 'empty', line: lines[0]?.n ?? 1 };
  const rows: Record<string, unknown>[] = [];
  for (const { l, n } of body) {
    const c = cells(l);
    if (c.length < columns.length) return { error: 'columns', line: n };
    const row: Record<string, unknown> = {};
    for (const [i, name] of columns.entries()) {
      if (numeric.has(name)) {
        const v = Number(c[i]);
        if (c[i] === '' || !Number.isFinite(v)) return { error: 'number', line: n };
        row[name] = v;
      } else row[name] = c[i];
    }
    rows.push(row);
  }
  return { rows };
}

/** The widget. */
export function TableImportWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const items = (schema.items ?? {}) as { properties?: Record<string, ItemProperty> };
  const props = items.properties ?? {};
  const columns = Object.keys(props);
  const numeric = new Set(columns.filter((c) => [props[c]?.type].flat().some((ty) => ty === 'number' || ty === 'integer')));
  const [problem, setProblem] = useState<string>();
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];

  const read = async (file: File) => {
    setProblem(undefined);
    if (file.size > TABLE_IMPORT_MAX_BYTES) return setProblem(t('tableImport.tooLarge'));
    const parsed = parseTable(await file.text(), columns, numeric);
    if ('error' in parsed) return setProblem(t(`tableImport.${parsed.error}`, { line: parsed.line, columns: columns.map((c) => pickLabel(props[c]?.['x-labels'], lang, c)).join(', ') }));
    onChange(parsed.rows);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      <Space wrap>
        <Upload
          accept=".csv,.tsv,.txt"
          showUploadList={false}
          disabled={disabled || readonly}
          beforeUpload={(file) => {
            void read(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled || readonly} data-testid={`table-import-${id}`}>
            {t('tableImport.choose')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('tableImport.hint', { columns: columns.map((c) => pickLabel(props[c]?.['x-labels'], lang, c)).join(', ') })}</Typography.Text>
      </Space>
      {problem ? <Alert type="error" showIcon message={problem} data-testid={`table-import-error-${id}`} /> : null}
      {rows.length ? (
        <Table
          size="small"
          data-testid={`table-import-rows-${id}`}
          rowKey={(_, i) => String(i)}
          dataSource={rows}
          pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
          columns={columns.map((c) => ({ key: c, dataIndex: c, title: pickLabel(props[c]?.['x-labels'], lang, c) }))}
          footer={() => t('tableImport.count', { count: rows.length })}
        />
      ) : null}
    </Space>
  );
}
